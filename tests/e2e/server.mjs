// Starts one production server for the end-to-end tests on its own fresh database.
// Usage: node tests/e2e/server.mjs <port> <name> [--empty] [--login-throttle]
//   --empty: no content, no owner
//   --login-throttle: the sign-in throttle on (RATE_LIMIT_DISABLED turns every limit off,
//   the sign-in throttle too); the per-address request limits stay out of the way.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { copySeededTemplate } from "../support/seeded-template.mjs";

const [port, name] = process.argv.slice(2);
const empty = process.argv.includes("--empty");
const loginThrottle = process.argv.includes("--login-throttle");
const root = path.resolve(import.meta.dirname, "../..");
const tmp = path.resolve(root, process.env.FOLIO_TEST_TMP ?? "tests/.tmp");
fs.mkdirSync(tmp, { recursive: true });
const dbFile = path.join(tmp, `e2e-${name}-${port}.db`);
for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) fs.rmSync(f, { force: true });
const uploads = path.join(tmp, `e2e-uploads-${name}-${port}`);
fs.rmSync(uploads, { recursive: true, force: true });
fs.mkdirSync(uploads, { recursive: true });

Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: port,
  HOST: "127.0.0.1",
  DATABASE_URL: `file:${dbFile}`,
  SESSION_SECRET: "e2e-session-secret",
  UPLOADS_DIR: uploads,
  RATE_LIMIT_DISABLED: "1",
  FOLIO_REQUEST_LOG: "0",
  PUBLIC_URL: `http://localhost:${port}`,
  // A contact form may be sent at once (the tests need not wait like a person; the rule itself
  // is tested in tests/integration/contact-notify.test.ts).
  CONTACT_MIN_FILL_MS: "0",
  // Cheap password hashes (bcrypt cost 4 instead of 12): sign-ins are not what these tests measure.
  PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? "4",
  // Some specs write to the database directly and read the page at once: check the content
  // version on every request (the 1 s bound is tested in tests/integration/page-cache.test.ts).
  FOLIO_CONTENT_CHECK_MS: "0",
});
if (empty) {
  delete process.env.OWNER_EMAIL;
  delete process.env.OWNER_PASSWORD;
} else {
  process.env.OWNER_EMAIL = "owner@example.com";
  process.env.OWNER_PASSWORD = "e2e-owner-password";
}
delete process.env.RESEND_API_KEY;
if (loginThrottle) {
  delete process.env.RATE_LIMIT_DISABLED;
  Object.assign(process.env, { RATE_LIMIT_RPM: "100000", RATE_LIMIT_WRITE_RPM: "100000" });
}

if (empty) {
  execFileSync(path.join(root, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
    cwd: root,
    stdio: "inherit",
    env: process.env,
  });
} else {
  // The migrated and seeded template (built once, then copied); the server creates the owner.
  await copySeededTemplate({ root, tmp, databaseFile: dbFile, uploadsDir: uploads });
}
process.chdir(root);
await import(path.join(root, "server.js"));
