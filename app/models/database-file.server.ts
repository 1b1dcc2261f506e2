// The SQLite file itself, below Prisma: where it is, its tables and row counts, the migrations
// applied to it and the ones this install ships, and its integrity. Read by backups and restores
// (utils/backup.server.ts), which copy and inspect whole database files.
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { env } from "~/utils/env.server";

/** The SQLite file behind a `file:` DATABASE_URL. */
export function databaseFile(url = env().DATABASE_URL) {
  return path.resolve(url.replace(/^file:/, "").split("?")[0]);
}

/**
 * Tables whose rows are not carried by a backup (secrets of live sessions, transient counters,
 * and the day's visit salt: with it a backup could link today's visitor hashes to addresses).
 */
export const TRANSIENT_TABLES = ["Session", "RateLimit", "VisitSalt"];
/** Tables that do not make a database "hold content" (a fresh install may already have them). */
const NOT_CONTENT = new Set(["_prisma_migrations", "Owner", ...TRANSIENT_TABLES]);

/** Migrations this install knows (the folder names under prisma/migrations). */
export function knownMigrations(root = process.cwd()): string[] {
  const dir = path.join(root, "prisma/migrations");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
}

export function tableNames(db: Database.Database): string[] {
  return (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as Array<{ name: string }>
  ).map((r) => r.name);
}

/** Rows per table (excluding Prisma's migration table). */
export function rowCounts(db: Database.Database): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of tableNames(db).sort()) {
    if (name === "_prisma_migrations") continue;
    const row = db.prepare(`SELECT COUNT(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as {
      n: number;
    };
    counts[name] = row.n;
  }
  return counts;
}

export function appliedMigrations(db: Database.Database): string[] {
  if (!tableNames(db).includes("_prisma_migrations")) return [];
  return (
    db
      .prepare(
        "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name",
      )
      .all() as Array<{ migration_name: string }>
  ).map((r) => r.migration_name);
}

export function integrityOk(db: Database.Database): boolean {
  const rows = db.prepare("PRAGMA integrity_check").all() as Array<{ integrity_check: string }>;
  return rows.length === 1 && rows[0].integrity_check === "ok";
}

/** Whether the database at `file` holds any content (a missing file holds none). */
export function databaseHasContent(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return Object.entries(rowCounts(db)).some(([table, n]) => !NOT_CONTENT.has(table) && n > 0);
  } finally {
    db.close();
  }
}
