// Scheduled backups: with BACKUP_DIR set, a backup every BACKUP_INTERVAL_HOURS (the first one at
// start when the newest is older than that), keeping the newest BACKUP_KEEP files.
import fs from "node:fs";
import path from "node:path";
import { backupFileName, configuredInstall, createBackup, listBackups } from "./backup.server";
import { env } from "./env.server";
import { onServerStart, onServerStop } from "./lifecycle.server";

let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;

/** Makes one backup into `dir` and deletes all but the newest `keep`. Returns the new file. */
export async function runScheduledBackup(dir: string, keep: number): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  let name = backupFileName();
  // Two backups in the same second (short intervals) get distinct names.
  for (let i = 1; fs.existsSync(path.join(dir, name)); i++) {
    name = backupFileName().replace(/\.tar\.gz$/, `-${i}.tar.gz`);
  }
  const { file } = await createBackup(path.join(dir, name), configuredInstall());
  for (const old of listBackups(dir).slice(Math.max(1, keep))) fs.rmSync(old.file, { force: true });
  return file;
}

function tick(dir: string, keep: number) {
  if (running) return;
  running = runScheduledBackup(dir, keep)
    .then((file) => console.log(`Scheduled backup written: ${file}`))
    .catch((error) => console.error("Scheduled backup failed", error))
    .finally(() => (running = undefined));
}

onServerStart(() => {
  const { BACKUP_DIR, BACKUP_INTERVAL_HOURS, BACKUP_KEEP } = env();
  if (!BACKUP_DIR || BACKUP_INTERVAL_HOURS <= 0) return;
  const dir = path.resolve(BACKUP_DIR);
  const intervalMs = Math.max(1000, BACKUP_INTERVAL_HOURS * 3_600_000);
  const newest = listBackups(dir)[0];
  if (!newest || Date.now() - newest.mtime.getTime() >= intervalMs) tick(dir, BACKUP_KEEP);
  timer = setInterval(() => tick(dir, BACKUP_KEEP), intervalMs);
  timer.unref();
  console.log(
    `Scheduled backups: every ${BACKUP_INTERVAL_HOURS} h into ${dir}, keeping ${BACKUP_KEEP}`,
  );
});

onServerStop(async () => {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
});
