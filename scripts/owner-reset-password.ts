// Sets a new owner password from the terminal and ends every session of that owner.
// Usage: npm run owner:reset-password -- --email you@example.com [--password NEW]
// Without --password, the new password is read from the FOLIO_NEW_PASSWORD variable or asked for.
import "dotenv/config";
import readline from "node:readline/promises";
import { setOwnerPassword } from "~/models/owner.server";
import { disconnectDb } from "~/utils/db.server";
import { emailSchema, newPasswordSchema } from "~/utils/password.server";

function arg(name: string) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const email = emailSchema.safeParse(arg("email") ?? "");
  if (!email.success) {
    console.error(
      "Usage: npm run owner:reset-password -- --email you@example.com [--password NEW]",
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
  return 0;
}

main()
  .then((code) => (process.exitCode = code))
  .finally(() => disconnectDb());
