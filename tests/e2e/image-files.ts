import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

/** Where specs write the files they upload (setInputFiles), under the run's scratch folder. */
const FILES = path.resolve(process.env.FOLIO_TEST_TMP ?? "tests/.tmp", "e2e-upload-files");

/** A fresh path in the scratch folder whose name ends with `name` (never used before). */
export function scratchPath(name: string): string {
  fs.mkdirSync(FILES, { recursive: true });
  return path.join(FILES, `${Date.now()}-${Math.random().toString(36).slice(2)}-${name}`);
}

/** A real PNG of `width` x `height` in one colour, written to a scratch file. */
export async function pngFile(name: string, width: number, height: number, background: string) {
  const file = scratchPath(name);
  await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toFile(file);
  return file;
}
