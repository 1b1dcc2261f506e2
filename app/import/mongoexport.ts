// Reads the old backend's collections as `mongoexport` writes them: one file per collection, named
// after it (`addskill.json`), either a JSON array (`--jsonArray`) or one document per line (the
// default), in Extended JSON (`{"$oid"}`, `{"$date"}`, ...). For an owner whose old backend is gone.
// Client-safe (no file system): the dashboard's upload gives the files' text; the folder reader
// (mongoexport.server.ts) reads them from disk.
import { OLD_LISTS, snapshotOfOldLists, type OldList, type ReadList } from "./old-records";
import { ImportSourceError } from "./source-error";
import type { SourceSnapshot } from "./types";

export type TextFile = { name: string; text: string };

/** The file name each list is exported to. */
export const exportFileName = (list: OldList) => `${list}.json`;

/** The list a file holds, from its name (`addskill.json`, any case, any folder before it). */
export function listOfFileName(name: string): OldList | undefined {
  const base = name.split(/[\\/]/).pop()?.toLowerCase() ?? "";
  return OLD_LISTS.find((list) => base === exportFileName(list));
}

function reasonOf(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A mongoexport file's documents: a JSON array, one JSON document, or one document per line.
 * Throws an ImportSourceError naming the file (and the line) when it is not JSON.
 */
export function parseMongoExport(file: TextFile): unknown[] {
  const text = file.text.replace(/^\uFEFF/, "").trim();
  if (text === "") return [];
  try {
    const whole: unknown = JSON.parse(text);
    return Array.isArray(whole) ? whole : [whole];
  } catch (error) {
    if (text.startsWith("[")) {
      throw new ImportSourceError(file.name, `it is not valid JSON (${reasonOf(error)})`);
    }
  }
  const documents: unknown[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      documents.push(JSON.parse(line));
    } catch (error) {
      throw new ImportSourceError(
        file.name,
        `line ${i + 1} is not a JSON document (${reasonOf(error)})`,
      );
    }
  });
  return documents;
}

/**
 * mongoexport files → a snapshot. A list without its file is reported and left out; files that
 * are not one of the lists are ignored (reported); none of the lists at all → ImportSourceError.
 * `source` names the files in messages (the folder, or "the uploaded files").
 */
export function readMongoExportFiles(
  files: TextFile[],
  source = "the uploaded files",
): SourceSnapshot {
  const lists = {} as Record<OldList, ReadList>;
  const ignored: string[] = [];
  for (const file of files) {
    const list = listOfFileName(file.name);
    if (!list) {
      ignored.push(file.name);
      continue;
    }
    lists[list] = { value: parseMongoExport(file), where: file.name };
  }
  const found = OLD_LISTS.filter((list) => lists[list]);
  if (found.length === 0) {
    throw new ImportSourceError(
      source,
      `it holds none of the old backend's lists (${OLD_LISTS.map(exportFileName).join(", ")})`,
    );
  }
  for (const list of OLD_LISTS) {
    lists[list] ??= { missing: `${exportFileName(list)} is not in ${source}` };
  }
  const snapshot = snapshotOfOldLists(source, lists);
  for (const name of ignored) {
    snapshot.problems.push({
      subject: name,
      message: `${name} is not one of the old lists; ignored`,
    });
  }
  return snapshot;
}
