// Complete backups of a Folio install, and their restore.
//
// A backup is one .tar.gz holding:
//   manifest.json  format name/version, app version, applied migrations, created at, row counts,
//                  and the size and sha256 of every other entry
//   folio.db       a consistent snapshot of the live database made with `VACUUM INTO` (one read
//                  transaction: writers keep going, the copy is never torn), without sessions
//                  and rate-limit counters
//   uploads/...    every file under UPLOADS_DIR
// A restore checks all of it (format, checksums, integrity, schema not newer than this
// install) before touching anything, and refuses with a readable reason otherwise. It reads the
// manifest first and then unpacks only the entries the manifest names, each no larger than the
// manifest says and within RESTORE_MAX_FILE_BYTES / RESTORE_MAX_TOTAL_BYTES: an archive with
// any other entry (an extra file, a link, a path outside the archive) is refused unread.
import Database from "better-sqlite3";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { z } from "zod";
import {
  appliedMigrations,
  databaseFile as configuredDatabaseFile,
  databaseHasContent,
  integrityOk,
  knownMigrations,
  rowCounts,
  tableNames,
  TRANSIENT_TABLES,
} from "~/models/database-file.server";
import { env } from "./env.server";

export const BACKUP_FORMAT = "folio-backup";
export const BACKUP_FORMAT_VERSION = 1;
const DB_ENTRY = "folio.db";
const UPLOADS_ENTRY = "uploads";

/** A relative posix path inside the archive that cannot leave the folder it is unpacked in. */
export function isSafeRelativePath(p: string): boolean {
  return (
    p.length > 0 &&
    p.length <= 1024 &&
    !p.startsWith("/") &&
    // eslint-disable-next-line no-control-regex
    !/[\\\u0000-\u001f\u007f]/.test(p) &&
    !p.split("/").some((s) => s === ".." || s === "." || s === "")
  );
}

const safeRelativePath = z.string().min(1).refine(isSafeRelativePath, "unsafe path");

const fileEntry = z.object({
  path: safeRelativePath,
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  appVersion: z.string(),
  createdAt: z.string(),
  schema: z.object({ migration: z.string().nullable(), migrations: z.array(z.string()) }),
  database: fileEntry,
  rowCounts: z.record(z.number().int().nonnegative()),
  files: z.array(fileEntry),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** A restore (or inspection) that was refused; nothing was changed. */
export class BackupRefused extends Error {}

export type InstallPaths = {
  /** The SQLite file. */
  databaseFile: string;
  /** The uploads folder. */
  uploadsDir: string;
  /** The project root (holds package.json and the schema migrations). */
  root?: string;
};

/** The configured install (DATABASE_URL, UPLOADS_DIR, the working directory as root). */
export function configuredInstall(): Required<InstallPaths> {
  return {
    databaseFile: configuredDatabaseFile(),
    uploadsDir: path.resolve(env().UPLOADS_DIR),
    root: process.cwd(),
  };
}

function appVersion(root: string): string {
  try {
    return (
      JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version ?? "unknown"
    );
  } catch {
    return "unknown";
  }
}

async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every regular file under `dir`, as posix paths relative to it (symlinks are skipped). */
function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const d of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) walk(child);
      else if (d.isFile()) out.push(child);
    }
  };
  walk("");
  return out.sort();
}

/** A file name for a backup made at `date`: folio-backup-2026-01-31T12-00-00Z.tar.gz. */
export function backupFileName(date = new Date()) {
  return `folio-backup-${date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-")}.tar.gz`;
}

/**
 * Writes a complete backup of the install to `outFile` (atomically: a partial file never has
 * the final name). Safe while the server runs and writes.
 */
export async function createBackup(
  outFile: string,
  install: InstallPaths = configuredInstall(),
): Promise<{ file: string; bytes: number; manifest: BackupManifest }> {
  const root = install.root ?? process.cwd();
  if (!fs.existsSync(install.databaseFile)) {
    throw new Error(`No database at ${install.databaseFile}: nothing to back up.`);
  }
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "folio-backup-"));
  const partial = `${outFile}.partial-${process.pid}-${crypto.randomBytes(3).toString("hex")}`;
  try {
    const snapshotFile = path.join(staging, DB_ENTRY);
    const live = new Database(install.databaseFile, { readonly: true, fileMustExist: true });
    try {
      live.pragma("busy_timeout = 5000");
      live.prepare("VACUUM INTO ?").run(snapshotFile);
    } finally {
      live.close();
    }

    const snapshot = new Database(snapshotFile);
    let counts: Record<string, number>;
    let migrations: string[];
    try {
      snapshot.pragma("journal_mode = DELETE");
      snapshot.pragma("secure_delete = ON");
      for (const table of tableNames(snapshot)) {
        if (TRANSIENT_TABLES.includes(table)) snapshot.exec(`DELETE FROM "${table}"`);
      }
      if (!integrityOk(snapshot))
        throw new Error("The database snapshot failed its integrity check.");
      counts = rowCounts(snapshot);
      migrations = appliedMigrations(snapshot);
    } finally {
      snapshot.close();
    }

    const files: BackupManifest["files"] = [];
    for (const rel of listFiles(install.uploadsDir)) {
      const target = path.join(staging, UPLOADS_ENTRY, rel);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      try {
        fs.copyFileSync(path.join(install.uploadsDir, rel), target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue; // deleted meanwhile
        throw error;
      }
      files.push({ path: rel, bytes: fs.statSync(target).size, sha256: await sha256File(target) });
    }
    fs.mkdirSync(path.join(staging, UPLOADS_ENTRY), { recursive: true });

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: appVersion(root),
      createdAt: new Date().toISOString(),
      schema: { migration: migrations.at(-1) ?? null, migrations },
      database: {
        path: DB_ENTRY,
        bytes: fs.statSync(snapshotFile).size,
        sha256: await sha256File(snapshotFile),
      },
      rowCounts: counts,
      files,
    };
    fs.writeFileSync(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2));

    fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      "manifest.json",
      DB_ENTRY,
      UPLOADS_ENTRY,
    ]);
    fs.renameSync(partial, outFile);
    return { file: outFile, bytes: fs.statSync(outFile).size, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

/** Size caps a restore enforces before unpacking anything (from the manifest) and while it does. */
export type RestoreLimits = { maxFileBytes: number; maxTotalBytes: number };

/** RESTORE_MAX_FILE_BYTES and RESTORE_MAX_TOTAL_BYTES (defaults 1 GiB and 8 GiB). */
export function restoreLimitsFromEnv(): RestoreLimits {
  const { RESTORE_MAX_FILE_BYTES, RESTORE_MAX_TOTAL_BYTES } = env();
  return { maxFileBytes: RESTORE_MAX_FILE_BYTES, maxTotalBytes: RESTORE_MAX_TOTAL_BYTES };
}

/** The manifest is small (about 150 bytes per file): anything larger is not one of ours. */
const MAX_MANIFEST_BYTES = 32 * 1024 * 1024;
/** Folder entries (which carry no data) allowed under uploads/ besides the files. */
const MAX_EXTRA_FOLDERS = 100_000;

const normalEntryPath = (p: string) => p.replace(/^(?:\.\/)+/, "").replace(/\/+$/, "");

/** Reads manifest.json out of the archive (and nothing else), or null when it has none. */
async function readManifestText(archive: string, notFolio: string): Promise<string | null> {
  let text: string | null = null;
  let tooLarge = false;
  try {
    await tar.list({
      file: archive,
      strict: true,
      onReadEntry: (entry) => {
        if (normalEntryPath(entry.path) !== "manifest.json" || entry.type !== "File") {
          entry.resume();
          return;
        }
        if ((entry.size ?? 0) > MAX_MANIFEST_BYTES || text !== null) {
          tooLarge = tooLarge || text === null;
          text ??= "";
          entry.resume();
          return;
        }
        const chunks: Buffer[] = [];
        entry.on("data", (c: Buffer) => chunks.push(c));
        entry.on("end", () => (text = Buffer.concat(chunks).toString("utf8")));
      },
    });
  } catch (error) {
    throw new BackupRefused(`${notFolio} It could not be unpacked: ${(error as Error).message}`);
  }
  if (tooLarge) throw new BackupRefused(`${notFolio} Its manifest is not readable.`);
  return text;
}

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${bytes} bytes` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Refuses a manifest whose files are over the caps, or that names one path twice, before a
 * byte of them is unpacked; returns what may be unpacked (entry path -> size).
 */
function plannedEntries(manifest: BackupManifest, limits: RestoreLimits): Map<string, number> {
  const planned = new Map<string, number>([[DB_ENTRY, manifest.database.bytes]]);
  let total = manifest.database.bytes;
  for (const f of manifest.files) {
    const rel = `${UPLOADS_ENTRY}/${f.path}`;
    if (planned.has(rel)) {
      throw new BackupRefused(`This backup is not sound: its manifest names ${rel} twice.`);
    }
    planned.set(rel, f.bytes);
    total += f.bytes;
  }
  for (const [rel, bytes] of planned) {
    if (bytes > limits.maxFileBytes) {
      throw new BackupRefused(
        `This backup holds a file larger than a restore accepts: ${rel} is ${megabytes(bytes)} (RESTORE_MAX_FILE_BYTES allows ${megabytes(limits.maxFileBytes)}). Nothing was restored.`,
      );
    }
  }
  if (total > limits.maxTotalBytes) {
    throw new BackupRefused(
      `This backup is larger than a restore accepts: ${megabytes(total)} in all (RESTORE_MAX_TOTAL_BYTES allows ${megabytes(limits.maxTotalBytes)}). Nothing was restored.`,
    );
  }
  return planned;
}

/**
 * Unpacks exactly the planned entries into `dir` (plus folders under uploads/). Any other
 * entry, or a planned one whose size differs from the manifest's, refuses the archive; none of
 * them is written.
 */
async function extractPlanned(archive: string, dir: string, planned: Map<string, number>) {
  const seen = new Set<string>();
  let folders = 0;
  let refusal: string | null = null;
  const refuse = (why: string) => {
    refusal ??= why;
    return false;
  };
  await tar.extract({
    file: archive,
    cwd: dir,
    strict: true,
    filter: (rawPath, entry) => {
      if (refusal) return false;
      const type = "type" in entry ? entry.type : undefined;
      const size = "size" in entry ? (entry.size ?? 0) : 0;
      const rel = normalEntryPath(rawPath);
      if (rel === "manifest.json" && type === "File") return false; // read already
      if (type === "Directory") {
        if (rel === UPLOADS_ENTRY) return true;
        if (rel.startsWith(`${UPLOADS_ENTRY}/`) && isSafeRelativePath(rel)) {
          return ++folders <= MAX_EXTRA_FOLDERS || refuse("it holds too many folders");
        }
        return refuse(`it holds ${JSON.stringify(rawPath)}, which its manifest does not name`);
      }
      if (type !== "File" || !planned.has(rel)) {
        return refuse(`it holds ${JSON.stringify(rawPath)}, which its manifest does not name`);
      }
      if (seen.has(rel)) return refuse(`it holds ${rel} twice`);
      seen.add(rel);
      if (size !== planned.get(rel)) {
        return refuse(`${rel} is ${size} bytes, not the ${planned.get(rel)} its manifest says`);
      }
      return true;
    },
  });
  if (refusal)
    throw new BackupRefused(`This backup is not sound: ${refusal}. Nothing was restored.`);
}

/** A checked, unpacked backup in a temporary folder; call `cleanup()` when done. */
export type InspectedBackup = { manifest: BackupManifest; dir: string; cleanup: () => void };

/**
 * Unpacks `archive` into a temporary folder and checks everything a restore relies on.
 * Throws BackupRefused (saying why, in words) for anything that is not a sound Folio backup
 * this install can restore.
 */
export async function inspectBackup(
  archive: string,
  root = process.cwd(),
  limits: RestoreLimits = restoreLimitsFromEnv(),
): Promise<InspectedBackup> {
  if (!fs.existsSync(archive) || !fs.statSync(archive).isFile()) {
    throw new BackupRefused(`No backup file at ${archive}.`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "folio-restore-"));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const notFolio = "This file is not a Folio backup (expected a .tar.gz made by Folio's backup).";
    const manifestText = await readManifestText(archive, notFolio);
    if (manifestText === null) throw new BackupRefused(`${notFolio} It has no manifest.`);
    let raw: unknown;
    try {
      raw = JSON.parse(manifestText);
    } catch {
      throw new BackupRefused(`${notFolio} Its manifest is not readable.`);
    }
    const format = (raw as { format?: unknown; formatVersion?: unknown } | null) ?? {};
    if (format.format !== BACKUP_FORMAT) throw new BackupRefused(notFolio);
    if (typeof format.formatVersion === "number" && format.formatVersion > BACKUP_FORMAT_VERSION) {
      throw new BackupRefused(
        `This backup was made by a newer version of Folio (backup format ${format.formatVersion}). Upgrade Folio, then restore it.`,
      );
    }
    const parsed = manifestSchema.safeParse(raw);
    if (!parsed.success) throw new BackupRefused(`${notFolio} Its manifest is incomplete.`);
    const manifest = parsed.data;

    const known = new Set(knownMigrations(root));
    const unknown = manifest.schema.migrations.filter((m) => !known.has(m));
    if (unknown.length > 0) {
      throw new BackupRefused(
        `This backup comes from a newer version of Folio: its database has migration ${unknown.join(", ")}, which this install does not know. Upgrade Folio, then restore it.`,
      );
    }

    try {
      await extractPlanned(archive, dir, plannedEntries(manifest, limits));
    } catch (error) {
      if (error instanceof BackupRefused) throw error;
      throw new BackupRefused(`${notFolio} It could not be unpacked: ${(error as Error).message}`);
    }

    const corrupt = (what: string) =>
      new BackupRefused(`This backup is corrupt: ${what}. Nothing was restored.`);
    const checkEntry = async (rel: string, entry: { bytes: number; sha256: string }) => {
      const file = path.join(dir, rel);
      if (!fs.existsSync(file)) throw corrupt(`${rel} is missing`);
      if (fs.statSync(file).size !== entry.bytes || (await sha256File(file)) !== entry.sha256) {
        throw corrupt(`${rel} does not match its checksum`);
      }
    };
    await checkEntry(DB_ENTRY, manifest.database);
    for (const f of manifest.files) await checkEntry(`${UPLOADS_ENTRY}/${f.path}`, f);

    const db = new Database(path.join(dir, DB_ENTRY), { readonly: true, fileMustExist: true });
    try {
      if (!integrityOk(db)) throw corrupt("its database fails SQLite's integrity check");
      const counts = rowCounts(db);
      for (const [table, n] of Object.entries(manifest.rowCounts)) {
        if (counts[table] !== n) throw corrupt(`table ${table} does not hold the rows it lists`);
      }
    } catch (error) {
      if (error instanceof BackupRefused) throw error;
      throw corrupt(`its database cannot be read (${(error as Error).message})`);
    } finally {
      db.close();
    }
    return { manifest, dir, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

export type RestoreResult =
  | { restored: true; manifest: BackupManifest; keptPrevious: string[] }
  | { restored: false; reason: string };

function timestamp() {
  return new Date()
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
}

function moveAside(file: string, stamp: string, kept: string[]) {
  if (!fs.existsSync(file)) return;
  const to = `${file}.before-restore-${stamp}`;
  fs.renameSync(file, to);
  kept.push(to);
}

/**
 * Restores `archive` into the install. The server must be stopped. Refuses (changing nothing)
 * an archive that inspectBackup refuses, and a database that already holds content unless
 * `force` (the previous database and uploads are then kept beside them, renamed
 * `*.before-restore-<time>`). With `ifEmpty`, a database holding content is left alone and
 * the result says so instead of refusing.
 */
export async function restoreBackup(
  archive: string,
  install: InstallPaths = configuredInstall(),
  {
    force = false,
    ifEmpty = false,
    limits,
  }: { force?: boolean; ifEmpty?: boolean; limits?: RestoreLimits } = {},
): Promise<RestoreResult> {
  const dbFile = path.resolve(install.databaseFile);
  const uploadsDir = path.resolve(install.uploadsDir);
  const hasContent = databaseHasContent(dbFile);
  if (hasContent && ifEmpty) {
    return { restored: false, reason: "The database already holds content; nothing restored." };
  }
  if (hasContent && !force) {
    throw new BackupRefused(
      `The database at ${dbFile} already holds content. Stop the server, then restore with --force (the current database and uploads are kept beside them as *.before-restore-<time>).`,
    );
  }
  const inspected = await inspectBackup(archive, install.root ?? process.cwd(), limits);
  try {
    const stamp = timestamp();
    const kept: string[] = [];
    fs.mkdirSync(path.dirname(dbFile), { recursive: true });
    fs.mkdirSync(path.dirname(uploadsDir), { recursive: true });

    // Stage both next to their targets (same file system), then swap with renames.
    const stagedDb = `${dbFile}.restoring-${stamp}`;
    const stagedUploads = `${uploadsDir}.restoring-${stamp}`;
    try {
      fs.copyFileSync(path.join(inspected.dir, DB_ENTRY), stagedDb);
      const extractedUploads = path.join(inspected.dir, UPLOADS_ENTRY);
      if (fs.existsSync(extractedUploads)) {
        fs.cpSync(extractedUploads, stagedUploads, { recursive: true });
      } else {
        fs.mkdirSync(stagedUploads, { recursive: true });
      }
    } catch (error) {
      fs.rmSync(stagedDb, { force: true });
      fs.rmSync(stagedUploads, { recursive: true, force: true });
      throw error;
    }

    for (const suffix of ["", "-wal", "-shm", "-journal"]) {
      if (hasContent) moveAside(`${dbFile}${suffix}`, stamp, kept);
      else fs.rmSync(`${dbFile}${suffix}`, { force: true });
    }
    fs.renameSync(stagedDb, dbFile);
    if (fs.existsSync(uploadsDir) && fs.readdirSync(uploadsDir).length > 0) {
      moveAside(uploadsDir, stamp, kept);
    } else {
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    }
    fs.renameSync(stagedUploads, uploadsDir);
    return { restored: true, manifest: inspected.manifest, keptPrevious: kept };
  } finally {
    inspected.cleanup();
  }
}

/** Backups in `dir` made by this module, newest first. */
export function listBackups(
  dir: string,
): Array<{ name: string; file: string; bytes: number; mtime: Date }> {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => /^folio-backup-.*\.tar\.gz$/.test(n))
    .map((name) => {
      const file = path.join(dir, name);
      const stat = fs.statSync(file);
      return { name, file, bytes: stat.size, mtime: stat.mtime };
    })
    .sort((a, b) => (a.name < b.name ? 1 : -1));
}

/** What the backup page shows: sizes of what a backup would hold, and scheduled backups. */
export function installSummary(install: InstallPaths = configuredInstall()) {
  const files = listFiles(install.uploadsDir);
  let uploadBytes = 0;
  for (const rel of files) {
    try {
      uploadBytes += fs.statSync(path.join(install.uploadsDir, rel)).size;
    } catch {
      // deleted meanwhile
    }
  }
  const databaseBytes = ["", "-wal"]
    .map((s) => `${install.databaseFile}${s}`)
    .filter((f) => fs.existsSync(f))
    .reduce((sum, f) => sum + fs.statSync(f).size, 0);
  const { BACKUP_DIR, BACKUP_INTERVAL_HOURS, BACKUP_KEEP } = env();
  const scheduled =
    BACKUP_DIR && BACKUP_INTERVAL_HOURS > 0
      ? {
          intervalHours: BACKUP_INTERVAL_HOURS,
          keep: BACKUP_KEEP,
          recent: listBackups(path.resolve(BACKUP_DIR))
            .slice(0, 10)
            .map((b) => ({ name: b.name, bytes: b.bytes, createdAt: b.mtime.toISOString() })),
        }
      : null;
  return { databaseBytes, uploadFiles: files.length, uploadBytes, scheduled };
}
