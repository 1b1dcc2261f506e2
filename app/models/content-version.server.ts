// A number that changes whenever anything commits to the database, from this process or another
// (the CLI, a restore): SQLite's `PRAGMA data_version`, read on a connection of its own that
// never writes. The page cache (server/page-cache.ts) drops a reused page when it changes.
// One exception: a commit made through `commitWithoutContentChange` (the visit counts, which no
// page shows) leaves the number as it was, so counting visits does not empty the page cache.
import Database from "better-sqlite3";
import { databaseFile } from "./database-file.server";
import { onServerStop } from "~/utils/lifecycle.server";

let watcher: { db: Database.Database; read: () => number } | undefined;
/** The data_version after a commit that changed no content, and the version it stands for. */
let unchanged: { raw: number; as: number } | undefined;

function dataVersion(): number {
  if (!watcher) {
    const db = new Database(databaseFile(), { readonly: true, fileMustExist: true });
    const statement = db.prepare("PRAGMA data_version").pluck();
    watcher = { db, read: () => statement.get() as number };
  }
  return watcher.read();
}

export function contentVersion(): number {
  const raw = dataVersion();
  return unchanged && raw === unchanged.raw ? unchanged.as : raw;
}

/**
 * Runs `write` on `db` in one transaction that holds the write lock from the start (BEGIN
 * IMMEDIATE), all synchronously: no other commit of this process can come between, and no other
 * process can commit while the lock is held. When only this commit changed data_version, the
 * content version stays what it was before. (Another process committing in the microseconds
 * between this commit and the read after it would go unseen until the next change or the page
 * cache's 60 s bound.) Throws what SQLite throws (SQLITE_BUSY when the lock is not had in time).
 */
export function commitWithoutContentChange(db: Database.Database, write: () => void): void {
  db.exec("BEGIN IMMEDIATE");
  try {
    const before = contentVersion();
    const rawBefore = dataVersion();
    write();
    db.exec("COMMIT");
    const rawAfter = dataVersion();
    if (rawAfter !== rawBefore) unchanged = { raw: rawAfter, as: before };
  } finally {
    if (db.inTransaction) db.exec("ROLLBACK");
  }
}

onServerStop(() => {
  watcher?.db.close();
  watcher = undefined;
  unchanged = undefined;
});
