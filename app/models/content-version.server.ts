// A number that changes whenever anything commits to the database, from this process or another
// (the CLI, a restore): SQLite's `PRAGMA data_version`, read on a connection of its own that
// never writes. The page cache (server/page-cache.ts) drops a reused page when it changes.
import Database from "better-sqlite3";
import { databaseFile } from "./database-file.server";
import { onServerStop } from "~/utils/lifecycle.server";

let watcher: { db: Database.Database; read: () => number } | undefined;

export function contentVersion(): number {
  if (!watcher) {
    const db = new Database(databaseFile(), { readonly: true, fileMustExist: true });
    const statement = db.prepare("PRAGMA data_version").pluck();
    watcher = { db, read: () => statement.get() as number };
  }
  return watcher.read();
}

onServerStop(() => {
  watcher?.db.close();
  watcher = undefined;
});
