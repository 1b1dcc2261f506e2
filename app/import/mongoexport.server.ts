// Reads a folder of mongoexport files (see mongoexport.ts) from disk: `npm run import -- --from
// ./old-export`. Only the files named after the old lists are read.
import fs from "node:fs/promises";
import path from "node:path";
import { exportFileName, listOfFileName, readMongoExportFiles, type TextFile } from "./mongoexport";
import { OLD_LISTS } from "./old-records";
import { ImportSourceError } from "./source-error";
import type { SourceSnapshot } from "./types";

/** A file larger than this is not an export of a portfolio's lists. */
export const MAX_EXPORT_FILE_BYTES = 50 * 1024 * 1024;

function reasonOf(error: unknown, what: "folder" | "file"): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return `no such ${what}`;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOTDIR") return `it is not a ${what}`;
  return (error as Error).message;
}

/** The folder's list files → a snapshot; ImportSourceError naming the folder or file when unreadable. */
export async function readMongoExportFolder(dir: string): Promise<SourceSnapshot> {
  const folder = path.resolve(dir);
  let names: string[];
  try {
    const stat = await fs.stat(folder);
    if (!stat.isDirectory()) throw new ImportSourceError(folder, "it is not a folder");
    names = await fs.readdir(folder);
  } catch (error) {
    if (error instanceof ImportSourceError) throw error;
    throw new ImportSourceError(folder, reasonOf(error, "folder"));
  }
  const files: TextFile[] = [];
  for (const name of names.filter((n) => listOfFileName(n)).sort()) {
    const file = path.join(folder, name);
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile()) continue;
      if (stat.size > MAX_EXPORT_FILE_BYTES) {
        throw new ImportSourceError(
          file,
          `it is larger than ${MAX_EXPORT_FILE_BYTES / 1024 / 1024} MB`,
        );
      }
      files.push({ name: file, text: await fs.readFile(file, "utf8") });
    } catch (error) {
      if (error instanceof ImportSourceError) throw error;
      throw new ImportSourceError(file, reasonOf(error, "file"));
    }
  }
  if (files.length === 0) {
    throw new ImportSourceError(
      folder,
      `it holds none of the old backend's lists (${OLD_LISTS.map(exportFileName).join(", ")})`,
    );
  }
  return readMongoExportFiles(files, folder);
}
