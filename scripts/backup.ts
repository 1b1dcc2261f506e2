// Writes a complete backup (database snapshot + every upload) to one .tar.gz.
// Usage: npm run backup -- [--out folio-backup.tar.gz]
// Safe while the server runs: the database is copied with VACUUM INTO, never as a file.
import "dotenv/config";
import path from "node:path";
import { backupFileName, configuredInstall, createBackup } from "~/utils/backup.server";

function arg(name: string) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  if (process.argv.includes("--help")) {
    console.log("Usage: npm run backup -- [--out folio-backup.tar.gz]");
    return 0;
  }
  const out = path.resolve(arg("out") ?? backupFileName());
  const started = Date.now();
  const install = configuredInstall();
  const { bytes, manifest } = await createBackup(out, install);
  const rows = Object.entries(manifest.rowCounts)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${t} ${n}`)
    .join(", ");
  console.log(
    `Backup written to ${out} (${(bytes / 1024).toFixed(1)} KB, ${Date.now() - started} ms)\n` +
      `  database: ${install.databaseFile} (migration ${manifest.schema.migration ?? "none"})\n` +
      `  rows: ${rows || "none"}\n` +
      `  uploads: ${manifest.files.length} file(s) from ${install.uploadsDir}`,
  );
  return 0;
}

main()
  .then((code) => (process.exitCode = code))
  .catch((error) => {
    console.error(`Backup failed: ${(error as Error).message}`);
    process.exitCode = 1;
  });
