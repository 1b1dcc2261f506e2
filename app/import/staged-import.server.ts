// A previewed import kept on the server until the owner confirms it. Without JavaScript the
// browser cannot send the chosen files again after a Preview, so the snapshot the preview read
// is written to a private file under a random id that travels in a hidden field; Import reads it
// back (one hour at most), and it is deleted once used. Files older than an hour are swept away
// whenever a new one is written.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SourceSnapshot } from "./types";

/** How long a preview can be imported without reading its source again. */
export const STAGED_TTL_MS = 60 * 60 * 1000;

const ID = /^[a-f0-9]{32}$/;

export type StageOptions = {
  /** The folder of staged snapshots (default: folio-import-staged in the OS's temp folder). */
  dir?: string;
  /** The clock, for tests. */
  now?: () => number;
};

type Staged = { createdAt: number; snapshot: SourceSnapshot };

const dirOf = (options: StageOptions) =>
  options.dir ?? path.join(os.tmpdir(), "folio-import-staged");
const fileOf = (dir: string, id: string) => path.join(dir, `${id}.json`);

/** Removes staged snapshots older than the time limit (best effort). */
function sweep(dir: string, now: number) {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > STAGED_TTL_MS) fs.rmSync(file, { force: true });
    } catch {
      // Gone meanwhile, or not ours to remove: leave it.
    }
  }
}

/** Keeps `snapshot` for a later Import and returns its id (for a hidden form field). */
export function stageSnapshot(snapshot: SourceSnapshot, options: StageOptions = {}): string {
  const dir = dirOf(options);
  const now = (options.now ?? Date.now)();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  sweep(dir, now);
  const id = crypto.randomBytes(16).toString("hex");
  const staged: Staged = { createdAt: now, snapshot };
  fs.writeFileSync(fileOf(dir, id), JSON.stringify(staged), { mode: 0o600, flag: "wx" });
  return id;
}

/**
 * The snapshot staged under `id`, or undefined when the id is not one of ours, the file is gone
 * (already imported) or it is older than an hour (then it is deleted).
 */
export function readStagedSnapshot(
  id: string,
  options: StageOptions = {},
): SourceSnapshot | undefined {
  if (!ID.test(id)) return undefined;
  const file = fileOf(dirOf(options), id);
  let staged: Staged;
  try {
    staged = JSON.parse(fs.readFileSync(file, "utf8")) as Staged;
  } catch {
    return undefined;
  }
  if ((options.now ?? Date.now)() - staged.createdAt > STAGED_TTL_MS) {
    fs.rmSync(file, { force: true });
    return undefined;
  }
  return staged.snapshot;
}

/** Deletes the snapshot staged under `id` (after it was imported). */
export function dropStagedSnapshot(id: string, options: StageOptions = {}): void {
  if (ID.test(id)) fs.rmSync(fileOf(dirOf(options), id), { force: true });
}
