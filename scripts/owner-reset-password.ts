// Sets a new owner password from the terminal and ends every session of that owner.
// Usage: npm run owner:reset-password -- --email you@example.com [--password NEW] [--turn-off-two-factor]
// --turn-off-two-factor also removes the TOTP secret and recovery codes (a lost authenticator).
// Without --password, the new password is read from the FOLIO_NEW_PASSWORD variable or asked for.
import "dotenv/config";
import readline from "node:readline/promises";
import { setOwnerPassword } from "~/models/owner.server";
import { disableTwoFactorByEmail } from "~/models/two-factor.server";
import { disconnectDb } from "~/models/db.server";
import { emailSchema, newPasswordSchema } from "~/utils/password.server";

function arg(name: string) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const email = emailSchema.safeParse(arg("email") ?? "");
  if (!email.success) {
    console.error(
      "Usage: npm run owner:reset-password -- --email you@example.com [--password NEW] [--turn-off-two-factor]",
    );
    return 2;
  }
  let password = arg("password") ?? process.env.FOLIO_NEW_PASSWORD;
  if (!password) {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
    password = await rl.question("New password (8+ characters): ");
    rl.close();
  }
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success) {
    console.error(checked.error.issues[0].message);
    return 2;
  }
  if (!(await setOwnerPassword(email.data, checked.data))) {
    console.error(`No owner with the email ${email.data}.`);
    return 1;
  }
  console.log(`Password changed for ${email.data}; every session of this owner was signed out.`);
  if (process.argv.includes("--turn-off-two-factor")) {
    await disableTwoFactorByEmail(email.data);
    console.log("Two-factor sign-in is off; turn it on again from the dashboard's Security page.");
  }
  return 0;
}

main()
  .then((code) => (process.exitCode = code))
  .finally(() => disconnectDb());
