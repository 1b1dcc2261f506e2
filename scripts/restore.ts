// Restores a backup made by `npm run backup` (or the dashboard) into this install.
// Usage: npm run restore -- backup.tar.gz [--force] [--if-empty]
// STOP THE SERVER FIRST. A database that already holds content is refused unless --force
// (the previous database and uploads are then kept beside them as *.before-restore-<time>).
// --if-empty restores only into an empty database and otherwise does nothing (the container's
// start uses it for RESTORE_FROM). Pending migrations are applied after a restore.
import "dotenv/config";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { BackupRefused, configuredInstall, restoreBackup } from "~/utils/backup.server";

const USAGE = "Usage: npm run restore -- backup.tar.gz [--force] [--if-empty]";

async function main() {
  const args = process.argv.slice(2);
  const archive = args.find((a) => !a.startsWith("--"));
  if (!archive || args.includes("--help")) {
    console.error(USAGE);
    return 2;
  }
  const install = configuredInstall();
  const started = Date.now();
  const result = await restoreBackup(path.resolve(archive), install, {
    force: args.includes("--force"),
    ifEmpty: args.includes("--if-empty"),
  });
  if (!result.restored) {
    console.log(`Restore skipped: ${result.reason}`);
    return 0;
  }
  // A backup from an older version is brought up to this version's schema.
  execFileSync(path.join(install.root, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
    cwd: install.root,
    env: { ...process.env, DATABASE_URL: `file:${install.databaseFile}` },
    stdio: "pipe",
  });
  const { manifest } = result;
  const rows = Object.entries(manifest.rowCounts)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${t} ${n}`)
    .join(", ");
  console.log(
    `Restored ${path.basename(archive)} (made ${manifest.createdAt} by Folio ${manifest.appVersion}) in ${Date.now() - started} ms\n` +
      `  database: ${install.databaseFile}\n` +
      `  rows: ${rows || "none"}\n` +
      `  uploads: ${manifest.files.length} file(s) into ${install.uploadsDir}` +
      (result.keptPrevious.length
        ? `\n  previous data kept as:\n    ${result.keptPrevious.join("\n    ")}`
        : ""),
  );
  return 0;
}

main()
  .then((code) => (process.exitCode = code))
  .catch((error) => {
    if (error instanceof BackupRefused) {
      console.error(`Restore refused: ${error.message}`);
      process.exitCode = 3;
    } else {
      console.error(`Restore failed: ${(error as Error).message}`);
      process.exitCode = 1;
    }
  });
