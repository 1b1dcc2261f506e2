// `npm run quickstart`: a working local site in one command. Creates data/folio.db from the
// migrations, fills the demo portfolio and the owner account, builds, and serves on PORT (3000).
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
fs.mkdirSync("data", { recursive: true });

const secretFile = "data/.session-secret";
if (!fs.existsSync(secretFile))
  fs.writeFileSync(secretFile, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });

const demoOwner = !process.env.OWNER_EMAIL && !process.env.OWNER_PASSWORD;
Object.assign(process.env, {
  NODE_ENV: "production",
  DATABASE_URL: process.env.DATABASE_URL ?? "file:./data/folio.db",
  SESSION_SECRET: process.env.SESSION_SECRET ?? fs.readFileSync(secretFile, "utf8").trim(),
  OWNER_EMAIL: process.env.OWNER_EMAIL ?? "owner@example.com",
  OWNER_PASSWORD: process.env.OWNER_PASSWORD ?? "folio-demo-password",
  // Plain http://localhost: cookies without the Secure flag so every browser keeps them.
  COOKIE_SECURE: process.env.COOKIE_SECURE ?? "false",
});

const bin = (name) => path.join(root, "node_modules/.bin", name);
const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit", env: process.env });
run(bin("prisma"), ["migrate", "deploy"]);
run(bin("tsx"), ["scripts/seed.ts"]);
run("npm", ["run", "build"]);

const port = process.env.PORT ?? "3000";
console.log(`
  Folio is starting on http://localhost:${port}
  Dashboard: http://localhost:${port}/dashboard
  Owner login: ${process.env.OWNER_EMAIL} / ${demoOwner ? process.env.OWNER_PASSWORD : "(your OWNER_PASSWORD)"}
  (demo credentials for this local quick-start only; production has no default password)
`);
await import(path.join(root, "server.js"));
