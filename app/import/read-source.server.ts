// What `npm run import -- --from X` reads, chosen from X: an address (https://...) is an old
// backend, a .json file holding "basics" is a JSON Resume, anything else a folder of mongoexport
// files. Throws ImportSourceError (or JsonResumeError) naming X when it cannot be read.
import fs from "node:fs/promises";
import path from "node:path";
import { readJsonResume } from "./json-resume";
import { listOfFileName } from "./mongoexport";
import { readMongoExportFolder } from "./mongoexport.server";
import { readOldBackend } from "./old-backend.server";
import { ImportSourceError } from "./source-error";
import type { SourceSnapshot } from "./types";

const ADDRESS = /^[a-z][a-z\d+.-]*:\/\//i;

/** A JSON Resume file: its snapshot; an ImportSourceError for a .json file that is not one. */
async function readResumeFile(file: string): Promise<SourceSnapshot> {
  let json: unknown;
  try {
    json = JSON.parse((await fs.readFile(file, "utf8")).replace(/^\uFEFF/, ""));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "EACCES"
        ? "permission denied"
        : `it is not valid JSON (${(error as Error).message})`;
    throw new ImportSourceError(file, reason);
  }
  if (typeof json !== "object" || json === null || !("basics" in json)) {
    throw new ImportSourceError(
      file,
      'it is not a JSON Resume (no "basics"); for mongoexport files give the folder that holds them',
    );
  }
  return readJsonResume(json, file);
}

export async function readImportSource(from: string): Promise<SourceSnapshot> {
  if (ADDRESS.test(from)) return readOldBackend(from);
  const target = path.resolve(from);
  const stat = await fs.stat(target).catch(() => null);
  if (stat?.isFile() && listOfFileName(target)) {
    throw new ImportSourceError(
      target,
      `it is one of the mongoexport files; give the folder that holds them (${path.dirname(target)})`,
    );
  }
  if (stat?.isFile() && target.toLowerCase().endsWith(".json")) return readResumeFile(target);
  return readMongoExportFolder(target);
}
