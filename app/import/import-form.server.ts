// The Import page's action, minus the page: reads one submission (text fields and the chosen
// files, the whole body capped while it streams), turns it into a SourceSnapshot (the old
// backend's URL, mongoexport files, a resume.json, or the snapshot a Preview staged) and runs the
// applier. Every refusal a person can cause is an ImportFormError (or the readers' own
// ImportSourceError, JsonResumeError among them) with a message for them.
import { mediaTypeOf, readForm, readMultipart, type MultipartPart } from "~/utils/body.server";
import { applySnapshot } from "./apply.server";
import type { ImportFormInput } from "./import-form";
import { IMPORT_MAX_BYTES } from "./import-form";
import { readJsonResumeText } from "./json-resume";
import { readMongoExportFiles, type TextFile } from "./mongoexport";
import { readOldBackend } from "./old-backend.server";
import { ImportSourceError } from "./source-error";
import { dropStagedSnapshot, readStagedSnapshot, stageSnapshot } from "./staged-import.server";
import type { ImportReport, SourceSnapshot } from "./types";

/** A submission the page refuses (400), with the reason for the person. */
export class ImportFormError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportFormError";
  }
}

/** Whether `error` is a refusal of what the person sent (400), not a fault of the server. */
export const isImportRefusal = (error: unknown): error is Error =>
  error instanceof ImportFormError || error instanceof ImportSourceError;

async function textOf(part: MultipartPart): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of part.data) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads the page's multipart body (at most IMPORT_MAX_BYTES in all): the form's text fields,
 * and the chosen files' text in `files` (an empty file input sends nothing). A URL-encoded body
 * (the old backend's address alone) is read as any form; another type is a 415.
 */
export function importFormReader(files: TextFile[]) {
  return (request: Request) =>
    mediaTypeOf(request) !== "multipart/form-data"
      ? readForm(request)
      : readMultipart(request, {
          max: IMPORT_MAX_BYTES,
          maxParts: 100,
          onFile: async (part) => {
            const text = await textOf(part);
            if (part.filename || text !== "")
              files.push({ name: part.filename || part.name, text });
            return undefined;
          },
        });
}

const EXPIRED =
  "The preview is no longer kept (an hour has passed, or it was imported already): choose the file again.";

/** The staged preview of `input`, or an ImportFormError asking for the files again. */
function stagedOf(input: ImportFormInput, missing: string): SourceSnapshot {
  if (!input.staged) throw new ImportFormError(missing);
  const snapshot = readStagedSnapshot(input.staged);
  if (!snapshot) throw new ImportFormError(EXPIRED);
  return snapshot;
}

/** What the submission asks to import. */
export async function snapshotOf(input: ImportFormInput, files: TextFile[]) {
  switch (input.source) {
    case "url":
      return readOldBackend(input.url);
    case "mongoexport":
      return files.length
        ? readMongoExportFiles(files)
        : stagedOf(input, "Choose the mongoexport files (addskill.json, addprotfolio.json, ...).");
    case "resume": {
      if (files.length > 1) throw new ImportFormError("Choose one resume.json file.");
      const [file] = files;
      return file
        ? readJsonResumeText(file.text, file.name)
        : stagedOf(input, "Choose a JSON Resume file (resume.json).");
    }
  }
}

export type ImportOutcome = {
  report: ImportReport;
  /** After a Preview of files: the id Import sends back instead of the files. */
  staged?: string;
};

/**
 * Previews (a dry run, staging what files gave) or imports one submission. Throws a refusal
 * (see isImportRefusal) when the source cannot be read; nothing is written then.
 */
export async function runImport(input: ImportFormInput, files: TextFile[]): Promise<ImportOutcome> {
  const snapshot = await snapshotOf(input, files);
  const dryRun = input.intent === "preview";
  const report = await applySnapshot(snapshot, { dryRun, replace: input.replace });
  if (dryRun) {
    if (input.source === "url") return { report };
    // A second Preview of the same staged snapshot keeps its id; new files replace it.
    if (files.length === 0) return { report, staged: input.staged };
    if (input.staged) dropStagedSnapshot(input.staged);
    return { report, staged: stageSnapshot(snapshot) };
  }
  if (input.staged) dropStagedSnapshot(input.staged);
  return { report };
}
