// The backup an import takes before its first write: a complete backup of the install (the same
// archive as the Backup page and `npm run backup`) into BACKUP_DIR, or a `backups` folder beside
// the database when BACKUP_DIR is not set.
import fs from "node:fs";
import path from "node:path";
import { backupFileName, configuredInstall, createBackup } from "~/utils/backup.server";
import { env } from "~/utils/env.server";

/** The import could not take its backup: nothing was written. */
export class ImportBackupFailed extends Error {
  constructor(reason: string) {
    super(`The backup before the import failed, so nothing was imported: ${reason}`);
    this.name = "ImportBackupFailed";
  }
}

/** Where an import's backup goes. */
export function importBackupDir(): string {
  const { BACKUP_DIR } = env();
  if (BACKUP_DIR) return path.resolve(BACKUP_DIR);
  return path.join(path.dirname(configuredInstall().databaseFile), "backups");
}

/** Writes the backup; its file. Throws ImportBackupFailed saying why. */
export async function backupBeforeImport(): Promise<string> {
  try {
    const dir = importBackupDir();
    fs.mkdirSync(dir, { recursive: true });
    let name = backupFileName();
    for (let i = 1; fs.existsSync(path.join(dir, name)); i++) {
      name = backupFileName().replace(/\.tar\.gz$/, `-${i}.tar.gz`);
    }
    return (await createBackup(path.join(dir, name), configuredInstall())).file;
  } catch (error) {
    throw new ImportBackupFailed((error as Error)?.message ?? String(error));
  }
}
