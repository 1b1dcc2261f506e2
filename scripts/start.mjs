// Production start (also the container's command): restore RESTORE_FROM into an empty database
// (first start only), apply pending migrations, then serve. The server creates the owner from
// OWNER_EMAIL/OWNER_PASSWORD when none exists.
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.env.NODE_ENV ??= "production";
const bin = (name) => path.join(root, "node_modules/.bin", name);

try {
  if (process.env.RESTORE_FROM?.trim()) {
    // Leaves a database that holds content alone; refuses (and stops here) a bad archive.
    execFileSync(
      bin("tsx"),
      ["scripts/restore.ts", process.env.RESTORE_FROM.trim(), "--if-empty"],
      {
        cwd: root,
        stdio: "inherit",
      },
    );
  }
  execFileSync(bin("prisma"), ["migrate", "deploy"], { cwd: root, stdio: "inherit" });
} catch (error) {
  console.error(`Folio did not start: ${error.status ? "see the message above" : error.message}`);
  process.exit(1);
}
process.chdir(root);
await import(path.join(root, "server.js"));
