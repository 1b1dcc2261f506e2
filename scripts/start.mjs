// Production start (also the container's command): apply pending migrations, then serve.
// The server creates the owner from OWNER_EMAIL/OWNER_PASSWORD when none exists.
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.env.NODE_ENV ??= "production";
execFileSync(path.join(root, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
  cwd: root,
  stdio: "inherit",
});
process.chdir(root);
await import(path.join(root, "server.js"));
