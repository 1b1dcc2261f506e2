import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { BASE_DB, ROOT, TMP } from "./paths";
import { copySeededTemplate } from "./seeded-template.mjs";

/** Builds tests/.tmp/base.db from prisma/migrations with `prisma migrate deploy` (what production runs). */
export function buildBaseDatabase() {
  fs.mkdirSync(TMP, { recursive: true });
  for (const f of [BASE_DB, `${BASE_DB}-wal`, `${BASE_DB}-shm`]) fs.rmSync(f, { force: true });
  execFileSync(path.join(ROOT, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: `file:${BASE_DB}` },
    stdio: "pipe",
  });
}

/** A fresh database for one test file or server: a copy of the migrated base. Returns its file URL. */
export function createTestDatabase(label = "test") {
  if (!fs.existsSync(BASE_DB)) buildBaseDatabase();
  const file = path.join(
    TMP,
    `${label}-${process.pid}-${crypto.randomBytes(4).toString("hex")}.db`,
  );
  fs.copyFileSync(BASE_DB, file);
  return { file, url: `file:${file}` };
}

/**
 * A database and uploads folder with the demo content (what `npm run db:seed` makes, without the
 * owner), copied from the seeded template. Returns the database's file URL.
 */
export async function createSeededDatabase(uploadsDir: string, label = "seeded") {
  const file = path.join(
    TMP,
    `${label}-${process.pid}-${crypto.randomBytes(4).toString("hex")}.db`,
  );
  await copySeededTemplate({ root: ROOT, tmp: TMP, databaseFile: file, uploadsDir });
  return { file, url: `file:${file}` };
}
