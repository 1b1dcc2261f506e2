// Validation of the records of an import: each kind with the schema Folio stores it with (the
// profile's, the entities' create schemas, and the lenient projectStoredSchema for projects), and
// their image fields: an unusable value (a relative path, a data: URL) is left out and reported
// rather than costing the record, the addresses to download are listed, and once downloaded they
// are replaced by Folio's own /images/KEY (a failed one left out).
import type { z } from "zod";
import { IMAGE_PATH } from "~/entities/fields";
import { profileSchema } from "~/entities/profile";
import { MAX_GALLERY_IMAGES } from "~/entities/project";
import { isHttpAddress } from "./fetch-image.server";
import { isRemoteImage } from "./import-images.server";
import { KIND_STORES } from "./import-kinds.server";
import type { ImportKind, ImportProblem, SourceRecord } from "./types";

type Input = Record<string, unknown>;

/** A record after validation: its input, or why it cannot be stored. */
export type Checked = { record: SourceRecord; input: Input | null; error?: string };

/** The image fields of each kind: single images, and lists of images. */
const IMAGE_FIELDS: Partial<Record<ImportKind, { single: string[]; lists: string[] }>> = {
  profile: { single: ["image"], lists: [] },
  project: { single: ["thumbnail"], lists: ["images"] },
};

/** Whether an image value can be kept or downloaded (an address or a local /images/KEY). */
const usableImage = (value: string) =>
  value === "" || IMAGE_PATH.test(value) || isHttpAddress(value);

/**
 * The record's fields with unusable image values (a relative path, a data: URL) left out and
 * reported, so that a bad picture never costs the whole record.
 */
function withUsableImages(record: SourceRecord, problems: ImportProblem[]): Input {
  const spec = IMAGE_FIELDS[record.kind];
  if (!spec) return record.fields;
  const fields = { ...record.fields };
  const drop = (value: string) =>
    problems.push({
      kind: "image",
      subject: value.length > 200 ? `${value.slice(0, 200)}…` : value,
      message: `Image left out (${record.label}): not an http(s) address`,
    });
  for (const name of spec.single) {
    const value = fields[name];
    if (typeof value === "string" && !usableImage(value.trim())) {
      drop(value);
      fields[name] = "";
    }
  }
  for (const name of spec.lists) {
    const list = fields[name];
    if (!Array.isArray(list)) continue;
    const kept = list.filter((value) => {
      if (value === null || value === "") return false; // the old backend's empty slots
      if (typeof value !== "string" || usableImage(value.trim())) return true;
      drop(value);
      return false;
    });
    if (kept.length > MAX_GALLERY_IMAGES) {
      problems.push({
        kind: record.kind,
        subject: record.label,
        message: `Only the first ${MAX_GALLERY_IMAGES} of its ${kept.length} gallery images are imported`,
      });
    }
    fields[name] = kept.slice(0, MAX_GALLERY_IMAGES);
  }
  return fields;
}

/** The schema a record of `kind` is stored with. */
const schemaOf = (kind: ImportKind): z.ZodTypeAny =>
  kind === "profile" ? profileSchema : KIND_STORES[kind].schema;

export function check(record: SourceRecord, problems: ImportProblem[]): Checked {
  const parsed = schemaOf(record.kind).safeParse(withUsableImages(record, problems));
  if (parsed.success) return { record, input: parsed.data as Input };
  const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
  return { record, input: null, error: messages.join("; ") };
}

/** The record's image addresses still to fetch. */
export function remoteImagesOf({ record, input }: Checked): string[] {
  const spec = IMAGE_FIELDS[record.kind];
  if (!spec || !input) return [];
  const values = [
    ...spec.single.map((name) => input[name]),
    ...spec.lists.flatMap((name) => (Array.isArray(input[name]) ? input[name] : [])),
  ];
  return values.filter((v): v is string => typeof v === "string" && isRemoteImage(v));
}

/** The input with each image address replaced by its local reference (or left out: it failed). */
export function withLocalImages(kind: ImportKind, input: Input, refs: Map<string, string>): Input {
  const spec = IMAGE_FIELDS[kind];
  if (!spec) return input;
  const local = (v: string) => (isRemoteImage(v) ? (refs.get(v) ?? "") : v);
  const out = { ...input };
  for (const name of spec.single) out[name] = local(String(out[name] ?? ""));
  for (const name of spec.lists) {
    const list = Array.isArray(out[name]) ? (out[name] as string[]) : [];
    out[name] = list.map(local).filter((v) => v !== "");
  }
  return out;
}
