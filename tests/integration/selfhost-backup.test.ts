// Backup and restore: consistent snapshots taken during writes, complete round trips (every row,
// byte-identical images), the CLI, scheduled backups, and every refusal leaving the install as
// it was.
import Database from "better-sqlite3";
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import sharp from "sharp";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "../../prisma/seed";
import {
  configuredInstall,
  createBackup,
  inspectBackup,
  listBackups,
  restoreBackup,
  type InstallPaths,
} from "~/utils/backup.server";
import { prisma } from "~/models/db.server";
import { ROOT, TMP } from "../support/paths";
import { startTestServer, type TestServer } from "../support/server";

const run = promisify(execFile);
const API_TOKEN = "backup-test-api-token-0123456789";
const OWNER = { email: "owner@example.com", password: "backup-test-password" };
const work = path.join(TMP, `backup-${process.pid}-${crypto.randomBytes(3).toString("hex")}`);
fs.mkdirSync(work, { recursive: true });
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const sha = (buf: Buffer) => crypto.createHash("sha256").update(buf).digest("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let counter = 0;
const scratch = (label: string) => path.join(work, `${label}-${++counter}`);

/** A fresh install location (nothing on disk yet). */
function freshInstall(label: string): Required<InstallPaths> {
  const dir = scratch(label);
  fs.mkdirSync(dir, { recursive: true });
  return {
    databaseFile: path.join(dir, "folio.db"),
    uploadsDir: path.join(dir, "uploads"),
    root: ROOT,
  };
}

/** Every file under `dir` with its sha256 (relative posix paths). */
function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full).split(path.sep).join("/")] = sha(fs.readFileSync(full));
  }
  return out;
}

/** All rows of every content table, for comparing two databases. */
function tableContents(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const tables = (
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('_prisma_migrations','Session','RateLimit') ORDER BY name",
        )
        .all() as Array<{ name: string }>
    ).map((t) => t.name);
    return Object.fromEntries(
      tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all()]),
    );
  } finally {
    db.close();
  }
}

function countRows(file: string, sql: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function makeImages(uploadsDir: string, n: number) {
  const written: string[] = [];
  for (let i = 0; i < n; i++) {
    const key = crypto.randomBytes(8).toString("hex");
    const base = sharp({
      create: { width: 64 + i, height: 48, channels: 3, background: { r: 20 * i, g: 90, b: 200 } },
    });
    const dir = path.join(uploadsDir, key);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "320.webp"), await base.clone().webp().toBuffer());
    fs.writeFileSync(path.join(dir, "320.jpg"), await base.clone().jpeg().toBuffer());
    fs.writeFileSync(path.join(dir, "original.png"), await base.clone().png().toBuffer());
    await prisma.uploadedImage.create({
      data: { key, width: 64 + i, height: 48, widths: "320", bytes: 1000 },
    });
    written.push(key);
  }
  return written;
}

/** Unpacks an archive, lets `change` edit it, packs it again under a new name. */
async function tamper(archive: string, change: (dir: string) => void | Promise<void>) {
  const dir = scratch("tamper");
  fs.mkdirSync(dir, { recursive: true });
  await tar.extract({ file: archive, cwd: dir });
  await change(dir);
  const out = `${dir}.tar.gz`;
  await tar.create({ gzip: true, file: out, cwd: dir, portable: true }, fs.readdirSync(dir));
  return out;
}

/** One ustar header block for an entry (type "0" file, "5" folder, "2" symlink). */
function tarHeader(name: string, size: number, type = "0", linkname = "") {
  const header = Buffer.alloc(512);
  const field = (value: string, offset: number, length: number) =>
    header.write(value, offset, length, "utf8");
  const octal = (n: number, length: number) => n.toString(8).padStart(length - 1, "0") + "\0";
  field(name, 0, 100);
  field(octal(type === "5" ? 0o755 : 0o644, 8), 100, 8);
  field(octal(0, 8), 108, 8);
  field(octal(0, 8), 116, 8);
  field(octal(size, 12), 124, 12);
  field(octal(0, 12), 136, 12);
  header.fill(" ", 148, 156);
  field(type, 156, 1);
  field(linkname, 157, 100);
  field("ustar\0", 257, 6);
  field("00", 263, 2);
  let sum = 0;
  for (const byte of header) sum += byte;
  field(sum.toString(8).padStart(6, "0") + "\0 ", 148, 8);
  return header;
}

/**
 * A .tar.gz written byte by byte: the unpacked `dir`'s files (what tar.create would pack) plus
 * `extra` entries whose names tar.create would never write (`../x`, links).
 */
function handMadeArchive(
  dir: string,
  extra: Array<{ name: string; data?: Buffer; type?: string; linkname?: string }>,
) {
  const blocks: Buffer[] = [];
  const add = (name: string, data: Buffer, type = "0", linkname = "") => {
    blocks.push(tarHeader(name, type === "0" ? data.length : 0, type, linkname));
    if (type === "0" && data.length > 0) {
      blocks.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
    }
  };
  for (const rel of Object.keys(filesOf(dir)).sort()) {
    add(rel, fs.readFileSync(path.join(dir, rel)));
  }
  for (const e of extra) add(e.name, e.data ?? Buffer.alloc(0), e.type, e.linkname);
  blocks.push(Buffer.alloc(1024));
  const out = `${scratch("handmade")}.tar.gz`;
  fs.writeFileSync(out, zlib.gzipSync(Buffer.concat(blocks)));
  return out;
}

/** The good archive unpacked, re-packed by hand with `extra` entries. */
async function withExtraEntries(
  extra: Array<{ name: string; data?: Buffer; type?: string; linkname?: string }>,
) {
  const dir = scratch("unpacked");
  fs.mkdirSync(dir, { recursive: true });
  await tar.extract({ file: goodArchive, cwd: dir });
  return handMadeArchive(dir, extra);
}

const manifestOf = (dir: string): ManifestJson =>
  JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
type ManifestJson = {
  format: string;
  formatVersion: number;
  schema: { migration: string | null; migrations: string[] };
  database: { bytes: number; sha256: string };
  files: Array<{ path: string; bytes: number; sha256: string }>;
};
function rewriteManifest(dir: string, edit: (m: ManifestJson) => void) {
  const m = manifestOf(dir);
  edit(m);
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(m));
}
function resealDatabase(dir: string) {
  const buf = fs.readFileSync(path.join(dir, "folio.db"));
  rewriteManifest(dir, (m) => {
    m.database.bytes = buf.length;
    m.database.sha256 = sha(buf);
  });
}

/** The state of an install a refused restore must leave exactly as it was. */
function stateOf(install: InstallPaths) {
  const dir = path.dirname(install.databaseFile);
  return {
    siblings: fs.readdirSync(dir).sort(),
    database: sha(fs.readFileSync(install.databaseFile)),
    uploads: filesOf(install.uploadsDir),
  };
}

/** A file name a hostile archive tries to write outside the restore's folder. */
const ESCAPE = `folio-escape-${process.pid}-${crypto.randomBytes(3).toString("hex")}.txt`;

let source: Required<InstallPaths>;
let goodArchive: string;

beforeAll(async () => {
  await seed();
  source = configuredInstall();
  fs.mkdirSync(source.uploadsDir, { recursive: true });
  await makeImages(source.uploadsDir, 4);
  goodArchive = path.join(work, "good.tar.gz");
  await createBackup(goodArchive, source);
});

describe("a backup and its restore", () => {
  it("brings back every record and byte-identical images into a fresh install (demo data round trip)", async () => {
    const target = freshInstall("roundtrip");
    const t0 = performance.now();
    const archive = path.join(work, "roundtrip.tar.gz");
    const { manifest, bytes } = await createBackup(archive, source);
    const t1 = performance.now();
    const result = await restoreBackup(archive, target);
    const t2 = performance.now();
    console.log(
      `[figures] demo data (${manifest.files.length} upload files): backup ${(t1 - t0).toFixed(0)} ms (${(bytes / 1024).toFixed(1)} KB), restore ${(t2 - t1).toFixed(0)} ms, round trip ${(t2 - t0).toFixed(0)} ms`,
    );
    expect(result.restored).toBe(true);
    expect(manifest).toMatchObject({ format: "folio-backup", formatVersion: 1 });
    expect(manifest.schema.migration).toMatch(/^\d{14}_/);
    // The demo seed's own images (if any) plus the 12 files written above.
    const sourceFiles = Object.keys(filesOf(source.uploadsDir));
    expect(sourceFiles.length).toBeGreaterThanOrEqual(12);
    expect(manifest.files).toHaveLength(sourceFiles.length);
    expect(manifest.rowCounts).toMatchObject({ Project: 12, Skill: 6, Category: 6 });
    expect(manifest.rowCounts.UploadedImage).toBeGreaterThanOrEqual(4);

    expect(tableContents(target.databaseFile)).toEqual(tableContents(source.databaseFile));
    expect(filesOf(target.uploadsDir)).toEqual(filesOf(source.uploadsDir));
    expect(Object.keys(filesOf(target.uploadsDir))).toHaveLength(sourceFiles.length);
  });

  it("leaves sessions out of the archive (live session ids are secrets), but keeps the owner", async () => {
    const owner = await prisma.owner.create({
      data: {
        email: "backup-owner@example.com",
        passwordHash: "$2b$12$notarealhashnotarealhashnotarealhashnotarealhas",
      },
    });
    await prisma.session.create({
      data: {
        id: "live-session-id-that-must-not-leak-0123456789",
        ownerId: owner.id,
        expiresAt: new Date(Date.now() + 1e6),
      },
    });
    try {
      const archive = path.join(work, "sessions.tar.gz");
      await createBackup(archive, source);
      const inspected = await inspectBackup(archive);
      try {
        const db = path.join(inspected.dir, "folio.db");
        expect(countRows(db, "SELECT COUNT(*) AS n FROM Session")).toBe(0);
        expect(countRows(db, "SELECT COUNT(*) AS n FROM Owner")).toBe(1);
        expect(fs.readFileSync(db).includes("live-session-id-that-must-not-leak")).toBe(false);
      } finally {
        inspected.cleanup();
      }
    } finally {
      await prisma.owner.delete({ where: { id: owner.id } });
    }
  });

  it("works from the command line: npm run backup -- --out, then npm run restore on a fresh install (migrations applied)", async () => {
    const target = freshInstall("cli");
    const archive = path.join(work, "cli.tar.gz");
    const env = {
      ...process.env,
      NODE_ENV: "production" as const,
      SESSION_SECRET: "cli-secret",
      DATABASE_URL: `file:${source.databaseFile}`,
      UPLOADS_DIR: source.uploadsDir,
    };
    const tsx = path.join(ROOT, "node_modules/.bin/tsx");
    const t0 = performance.now();
    const backup = await run(tsx, ["scripts/backup.ts", "--out", archive], { cwd: ROOT, env });
    expect(backup.stdout).toMatch(/Backup written to .*cli\.tar\.gz/);
    const restore = await run(tsx, ["scripts/restore.ts", archive], {
      cwd: ROOT,
      env: { ...env, DATABASE_URL: `file:${target.databaseFile}`, UPLOADS_DIR: target.uploadsDir },
    });
    console.log(
      `[figures] CLI backup + restore (incl. migrate deploy): ${(performance.now() - t0).toFixed(0)} ms`,
    );
    expect(restore.stdout).toMatch(/Restored cli\.tar\.gz/);
    expect(tableContents(target.databaseFile)).toEqual(tableContents(source.databaseFile));
    expect(filesOf(target.uploadsDir)).toEqual(filesOf(source.uploadsDir));

    // Restoring again over that content is refused (exit 3) and changes nothing.
    const before = stateOf(target);
    const again = await run(tsx, ["scripts/restore.ts", archive], {
      cwd: ROOT,
      env: { ...env, DATABASE_URL: `file:${target.databaseFile}`, UPLOADS_DIR: target.uploadsDir },
    }).catch((e) => e);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/Restore refused: .*already holds content.*--force/);
    expect(stateOf(target)).toEqual(before);
  }, 180_000);

  it("with --force over existing content keeps the previous database and uploads beside them", async () => {
    const target = freshInstall("force");
    await restoreBackup(goodArchive, target);
    fs.writeFileSync(path.join(target.uploadsDir, "only-before.txt"), "old");
    const result = await restoreBackup(goodArchive, target, { force: true });
    expect(result.restored && result.keptPrevious.length).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(path.join(target.uploadsDir, "only-before.txt"))).toBe(false);
    const keptUploads =
      result.restored && result.keptPrevious.find((p) => p.includes("uploads.before-restore-"));
    expect(fs.readFileSync(path.join(keptUploads as string, "only-before.txt"), "utf8")).toBe(
      "old",
    );
  });
});

describe("restore refuses, and changes nothing,", () => {
  let target: Required<InstallPaths>;
  beforeAll(async () => {
    target = freshInstall("refusals");
    await restoreBackup(goodArchive, target);
    fs.writeFileSync(path.join(target.uploadsDir, "marker.txt"), "target's own file");
  });

  const cases: Array<[string, () => Promise<string>, RegExp]> = [
    [
      "a file that is not an archive",
      async () => {
        const f = scratch("random") + ".tar.gz";
        fs.writeFileSync(f, crypto.randomBytes(4096));
        return f;
      },
      /not a Folio backup/,
    ],
    [
      "a truncated archive",
      async () => {
        const f = scratch("truncated") + ".tar.gz";
        const buf = fs.readFileSync(goodArchive);
        fs.writeFileSync(f, buf.subarray(0, Math.floor(buf.length / 2)));
        return f;
      },
      /not a Folio backup|corrupt/,
    ],
    [
      "an archive with no manifest",
      () => tamper(goodArchive, (dir) => fs.rmSync(path.join(dir, "manifest.json"))),
      /not a Folio backup.*no manifest/,
    ],
    [
      "an archive of another program",
      () => tamper(goodArchive, (dir) => rewriteManifest(dir, (m) => (m.format = "other-backup"))),
      /not a Folio backup/,
    ],
    [
      "an image that does not match its checksum",
      () =>
        tamper(goodArchive, (dir) => {
          const rel = manifestOf(dir).files[0].path;
          const file = path.join(dir, "uploads", rel);
          const buf = fs.readFileSync(file);
          buf[Math.floor(buf.length / 2)] ^= 0xff;
          fs.writeFileSync(file, buf);
        }),
      /corrupt: uploads\/.* does not match its checksum/,
    ],
    [
      "a missing image",
      () =>
        tamper(goodArchive, (dir) =>
          fs.rmSync(path.join(dir, "uploads", manifestOf(dir).files[1].path)),
        ),
      /corrupt: uploads\/.* is missing/,
    ],
    [
      "a damaged database (checksum updated to match)",
      () =>
        tamper(goodArchive, (dir) => {
          const file = path.join(dir, "folio.db");
          const buf = fs.readFileSync(file);
          for (let i = 4096 * 2; i < buf.length - 4096; i += 4096) buf.fill(0x5a, i + 8, i + 400);
          fs.writeFileSync(file, buf);
          resealDatabase(dir);
        }),
      /corrupt/,
    ],
    [
      "a backup from a newer schema (a migration this install does not know)",
      () =>
        tamper(goodArchive, (dir) => {
          const db = new Database(path.join(dir, "folio.db"));
          db.prepare(
            "INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, ?, 1)",
          ).run(
            "future",
            "x",
            new Date().toISOString(),
            "29990101000000_future_feature",
            new Date().toISOString(),
          );
          db.close();
          resealDatabase(dir);
          rewriteManifest(dir, (m) => {
            m.schema.migrations.push("29990101000000_future_feature");
            m.schema.migration = "29990101000000_future_feature";
          });
        }),
      /newer version of Folio.*29990101000000_future_feature/,
    ],
    [
      "an extra file in uploads/ that the manifest does not name",
      () =>
        tamper(goodArchive, (dir) =>
          fs.writeFileSync(path.join(dir, "uploads", "not-in-manifest.html"), "<script>"),
        ),
      /not sound: it holds "uploads\/not-in-manifest\.html", which its manifest does not name/,
    ],
    [
      "an extra file beside the manifest",
      () => tamper(goodArchive, (dir) => fs.writeFileSync(path.join(dir, "run-me.sh"), "echo")),
      /not sound: it holds "run-me\.sh", which its manifest does not name/,
    ],
    [
      "a file larger than the manifest says (size mismatch, checked before it is written)",
      () =>
        tamper(goodArchive, (dir) => {
          const rel = manifestOf(dir).files[0].path;
          fs.appendFileSync(path.join(dir, "uploads", rel), crypto.randomBytes(4096));
        }),
      /not sound: uploads\/.* is \d+ bytes, not the \d+ its manifest says/,
    ],
    [
      "a manifest whose size is wrong for a file that is right",
      () =>
        tamper(goodArchive, (dir) =>
          rewriteManifest(dir, (m) => (m.files[0].bytes = m.files[0].bytes + 1)),
        ),
      /not sound: uploads\/.* is \d+ bytes, not the \d+ its manifest says/,
    ],
    [
      "a manifest naming the same file twice",
      () => tamper(goodArchive, (dir) => rewriteManifest(dir, (m) => m.files.push(m.files[0]))),
      /names uploads\/.* twice/,
    ],
    [
      "an entry whose name climbs out of the folder (../)",
      () =>
        withExtraEntries([
          { name: `../${ESCAPE}`, data: Buffer.from("escaped") },
          { name: `uploads/../../${ESCAPE}`, data: Buffer.from("escaped") },
        ]),
      /not sound: it holds "(?:uploads\/)?\.\.\/.*", which its manifest does not name|could not be unpacked/,
    ],
    [
      "an absolute entry name",
      () => withExtraEntries([{ name: `/tmp/${ESCAPE}`, data: Buffer.from("escaped") }]),
      /not sound: it holds .*which its manifest does not name|could not be unpacked/,
    ],
    [
      "a symbolic link",
      () => withExtraEntries([{ name: "uploads/link", type: "2", linkname: "/etc/passwd" }]),
      /not sound: it holds "uploads\/link", which its manifest does not name/,
    ],
    [
      "a manifest naming a path outside uploads/",
      () =>
        tamper(goodArchive, (dir) =>
          rewriteManifest(dir, (m) => (m.files[0].path = `../../${ESCAPE}`)),
        ),
      /not a Folio backup.*manifest is incomplete/,
    ],
    [
      "a backup format from a newer Folio",
      () => tamper(goodArchive, (dir) => rewriteManifest(dir, (m) => (m.formatVersion = 2))),
      /newer version of Folio/,
    ],
  ];

  for (const [what, make, message] of cases) {
    it(what, async () => {
      const archive = await make();
      const before = stateOf(target);
      await expect(restoreBackup(archive, target, { force: true })).rejects.toThrow(message);
      expect(stateOf(target)).toEqual(before);
      // Nothing landed outside the folder it was unpacked in either.
      for (const dir of [os.tmpdir(), path.dirname(os.tmpdir()), "/tmp"])
        expect(fs.existsSync(path.join(dir, ESCAPE)), dir).toBe(false);
    });
  }

  it("a file over RESTORE_MAX_FILE_BYTES, or more than RESTORE_MAX_TOTAL_BYTES in all, before unpacking it", async () => {
    const inspected = await inspectBackup(goodArchive);
    const { manifest } = inspected;
    inspected.cleanup();
    const largest = Math.max(manifest.database.bytes, ...manifest.files.map((f) => f.bytes));
    const total = manifest.database.bytes + manifest.files.reduce((n, f) => n + f.bytes, 0);
    const before = stateOf(target);
    await expect(
      restoreBackup(goodArchive, target, {
        force: true,
        limits: { maxFileBytes: largest - 1, maxTotalBytes: total },
      }),
    ).rejects.toThrow(
      /holds a file larger than a restore accepts: .* is \d+ bytes \(RESTORE_MAX_FILE_BYTES allows \d+ bytes\)/,
    );
    await expect(
      restoreBackup(goodArchive, target, {
        force: true,
        limits: { maxFileBytes: largest, maxTotalBytes: total - 1 },
      }),
    ).rejects.toThrow(/larger than a restore accepts: .* in all \(RESTORE_MAX_TOTAL_BYTES/);
    expect(stateOf(target)).toEqual(before);
    // Exactly at the caps it restores.
    const result = await restoreBackup(goodArchive, freshInstall("at-caps"), {
      limits: { maxFileBytes: largest, maxTotalBytes: total },
    });
    expect(result.restored).toBe(true);
  });

  it("the caps come from RESTORE_MAX_FILE_BYTES for the command line", async () => {
    const fresh = freshInstall("cli-cap");
    const failed = await run(
      path.join(ROOT, "node_modules/.bin/tsx"),
      ["scripts/restore.ts", goodArchive],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: `file:${fresh.databaseFile}`,
          UPLOADS_DIR: fresh.uploadsDir,
          RESTORE_MAX_FILE_BYTES: "1024",
        },
      },
    ).catch((e) => e);
    expect(failed.code).toBe(3);
    expect(failed.stderr).toMatch(/Restore refused: .*RESTORE_MAX_FILE_BYTES allows 1024 bytes/);
    expect(fs.existsSync(fresh.databaseFile)).toBe(false);
  }, 60_000);

  it("a database that already holds content, without --force (the server may be running)", async () => {
    const before = stateOf(target);
    await expect(restoreBackup(goodArchive, target)).rejects.toThrow(
      /already holds content\. Stop the server.*--force/,
    );
    expect(stateOf(target)).toEqual(before);
    // --if-empty (the container's RESTORE_FROM) leaves it alone without an error.
    expect(await restoreBackup(goodArchive, target, { ifEmpty: true })).toMatchObject({
      restored: false,
    });
    expect(stateOf(target)).toEqual(before);
  });
});

describe("on the running server", () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer({
      seed: true,
      env: {
        OWNER_EMAIL: OWNER.email,
        OWNER_PASSWORD: OWNER.password,
        API_TOKEN,
        RATE_LIMIT_DISABLED: "1",
        BACKUP_DIR: path.join(work, "scheduled"),
        BACKUP_INTERVAL_HOURS: "0.0004",
        BACKUP_KEEP: "2",
      },
    });
    const res = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "login", ...OWNER }),
    });
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the download is for the owner only", async () => {
    const anon = await fetch(`${server.url}/dashboard/admin/backup/download`, {
      redirect: "manual",
    });
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const page = await fetch(`${server.url}/dashboard/admin/backup`, {
      headers: { Cookie: cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('href="/dashboard/admin/backup/download"');
    expect(html).toContain("Download backup");
  });

  it("a backup downloaded during writes passes integrity_check, is a consistent snapshot, and restores to matching row counts", async () => {
    // Names of this attempt's own (a retry in CI must not collide with the first try's rows).
    const attempt = Date.now().toString(36);
    const db = new Database(server.databaseFile);
    db.pragma("busy_timeout = 5000");
    const insertPair = db.transaction((i: number) => {
      db.prepare(
        "INSERT INTO Skill (name, position, createdAt, updatedAt) VALUES (?, 0, ?, ?)",
      ).run(`pair-${attempt}-${i}`, new Date().toISOString(), new Date().toISOString());
      db.prepare(
        "INSERT INTO Category (name, position, createdAt, updatedAt) VALUES (?, 0, ?, ?)",
      ).run(`pair-${attempt}-${i}`, new Date().toISOString(), new Date().toISOString());
    });
    let writing = true;
    let pairs = 0;
    let apiWrites = 0;
    const apiFailures: number[] = [];
    const directWriter = (async () => {
      while (writing) {
        insertPair(pairs++);
        await sleep(1);
      }
    })();
    // Awaited in the finally below; caught here too so a failure there is not also "unhandled".
    directWriter.catch(() => {});
    const apiWriter = (async () => {
      while (writing) {
        const res = await fetch(`${server.url}/addeducation`, {
          method: "POST",
          headers: { Authorization: `Bearer ${API_TOKEN}`, "Content-Type": "application/json" },
          body: JSON.stringify({
            degree: `Degree ${apiWrites}`,
            institution: "Soak U",
            year: "2024",
            description: "",
          }),
        });
        if (res.status === 201) apiWrites++;
        else apiFailures.push(res.status);
      }
    })();
    const archives: string[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        await sleep(150);
        const res = await fetch(`${server.url}/dashboard/admin/backup/download`, {
          headers: { Cookie: cookie },
        });
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("application/gzip");
        expect(res.headers.get("content-disposition")).toMatch(
          /^attachment; filename="folio-backup-.*\.tar\.gz"$/,
        );
        const file = path.join(work, `during-writes-${i}.tar.gz`);
        fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
        archives.push(file);
      }
    } finally {
      writing = false;
      await Promise.all([directWriter, apiWriter]);
      db.close();
    }
    expect(pairs).toBeGreaterThan(10);
    expect(apiFailures).toEqual([]);
    expect(apiWrites).toBeGreaterThan(3);
    for (const archive of archives) {
      const inspected = await inspectBackup(archive); // checksums + integrity_check + row counts
      const snapshot = path.join(inspected.dir, "folio.db");
      try {
        const integrity = new Database(snapshot, { readonly: true });
        expect(integrity.pragma("integrity_check", { simple: true })).toBe("ok");
        integrity.close();
        // Each pair was one transaction: a torn copy would hold a skill without its category.
        const skills = countRows(
          snapshot,
          "SELECT COUNT(*) AS n FROM Skill WHERE name LIKE 'pair-%'",
        );
        expect(
          countRows(snapshot, "SELECT COUNT(*) AS n FROM Category WHERE name LIKE 'pair-%'"),
        ).toBe(skills);
        expect(skills).toBeGreaterThan(0);
      } finally {
        inspected.cleanup();
      }
    }
    const target = freshInstall("during-writes");
    const result = await restoreBackup(archives.at(-1)!, target);
    expect(result.restored).toBe(true);
    if (!result.restored) return;
    for (const [table, n] of Object.entries(result.manifest.rowCounts)) {
      expect(countRows(target.databaseFile, `SELECT COUNT(*) AS n FROM "${table}"`), table).toBe(n);
    }
    // Later than the last backup, the live database has at least as much.
    expect(
      countRows(server.databaseFile, "SELECT COUNT(*) AS n FROM Skill"),
    ).toBeGreaterThanOrEqual(result.manifest.rowCounts.Skill);
  }, 90_000); // a busy CI machine: thousands of writes, three backups, one restore

  it("writes scheduled backups into BACKUP_DIR and keeps the newest BACKUP_KEEP", async () => {
    const dir = path.join(work, "scheduled");
    const deadline = Date.now() + 20_000;
    while (
      Date.now() < deadline &&
      (server.output().match(/Scheduled backup written/g) ?? []).length < 3
    ) {
      await sleep(250);
    }
    expect(
      (server.output().match(/Scheduled backup written/g) ?? []).length,
    ).toBeGreaterThanOrEqual(3);
    // Stop the schedule (it writes a backup about every 1.4 s and deletes the oldest), so the
    // files listed are still there when they are opened. Shutdown waits for a backup under way.
    expect(await server.stop()).toBe(0);
    const kept = listBackups(dir);
    expect(kept.length).toBe(2);
    for (const b of kept) (await inspectBackup(b.file)).cleanup();
  });
});
