// The seeded template: a database migrated from prisma/migrations (`prisma migrate deploy`, what
// production runs) and filled by scripts/seed.ts (the demo content and its pictures, no owner:
// servers create theirs from OWNER_EMAIL when they start, as the seed would). Built once per
// content of the migrations and seed sources, then copied by every seeded test server instead of
// migrating and seeding each time. Plain JavaScript: the e2e server script (tests/e2e/server.mjs)
// uses it as well as the Vitest helpers (tests/support/database.ts).
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";

const run = promisify(execFile);
const LOCK_STALE_MS = 180_000;

/** A hash of what the template is made from: a change to any of these makes a new one. */
function sourcesHash(root) {
  const hash = crypto.createHash("sha256");
  const add = (file) => {
    hash.update(path.relative(root, file));
    hash.update(fs.readFileSync(file));
  };
  const walk = (dir) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else add(full);
    }
  };
  walk(path.join(root, "prisma"));
  add(path.join(root, "scripts/seed.ts"));
  return hash.digest("hex").slice(0, 12);
}

/**
 * The template's database file and uploads folder (built under a lock if missing: parallel test
 * processes wait for the first one).
 * @param {{ root: string, tmp: string }} where
 * @returns {Promise<{ database: string, uploads: string }>}
 */
export async function seededTemplate({ root, tmp }) {
  const key = sourcesHash(root);
  const database = path.join(tmp, `seeded-${key}.db`);
  const uploads = path.join(tmp, `seeded-${key}-uploads`);
  const lock = path.join(tmp, `seeded-${key}.lock`);
  fs.mkdirSync(tmp, { recursive: true });
  while (!fs.existsSync(database)) {
    try {
      fs.mkdirSync(lock);
    } catch {
      // Another process is building it (or died doing so long ago: then take over).
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      if (fs.existsSync(database)) break;
      const building = `${database}.${process.pid}.building`;
      fs.rmSync(uploads, { recursive: true, force: true });
      fs.mkdirSync(uploads, { recursive: true });
      const env = {
        ...process.env,
        NODE_ENV: "production",
        SESSION_SECRET: "seeded-template-secret",
        DATABASE_URL: `file:${building}`,
        UPLOADS_DIR: uploads,
      };
      delete env.OWNER_EMAIL;
      delete env.OWNER_PASSWORD;
      const bin = (name) => path.join(root, "node_modules/.bin", name);
      await run(bin("prisma"), ["migrate", "deploy"], { cwd: root, env });
      await run(bin("tsx"), ["scripts/seed.ts"], { cwd: root, env });
      // Everything in the one file (no -wal beside it), then renamed into place: a reader never
      // sees half a template.
      const db = new Database(building);
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.close();
      for (const f of [`${building}-wal`, `${building}-shm`]) fs.rmSync(f, { force: true });
      fs.renameSync(building, database);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return { database, uploads };
}

/**
 * Copies the seeded template to `databaseFile` and its pictures into `uploadsDir`.
 * @param {{ root: string, tmp: string, databaseFile: string, uploadsDir: string }} target
 */
export async function copySeededTemplate({ root, tmp, databaseFile, uploadsDir }) {
  const template = await seededTemplate({ root, tmp });
  fs.copyFileSync(template.database, databaseFile);
  fs.mkdirSync(uploadsDir, { recursive: true });
  fs.cpSync(template.uploads, uploadsDir, { recursive: true });
}
