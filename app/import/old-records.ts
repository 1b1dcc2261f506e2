// The old backend's documents → SourceRecords under Folio's field names (app/import/types.ts).
// Both old-system readers (the live backend's lists and a folder of mongoexport files) go through
// here, so the quirks are mapped once: `_id` / `id` / `{"$oid"}`, `liveUrl` for `liveView`, null
// gallery entries, budgets as text, dates as `{"$date"}` or timestamps, relative image paths.
// Nothing here throws on bad data: a document it cannot use becomes a problem and the rest goes on.
// Client-safe (no Node APIs): the values are only reshaped; the applier validates them.
import { MAX_GALLERY_IMAGES } from "~/entities/project";
import { SERVICE_ICONS } from "~/entities/service";
import { fromExtendedJson } from "./extended-json";
import type { ImportKind, ImportProblem, SourceRecord, SourceSnapshot } from "./types";

/** The old backend's list paths, which are also its MongoDB collection names. */
export const OLD_LISTS = [
  "adduser",
  "addskill",
  "addcategory",
  "addfeather",
  "addprotfolio",
  "addeducation",
  "addexperience",
] as const;
export type OldList = (typeof OLD_LISTS)[number];

/** What each old list holds, in Folio's words. */
export const KIND_OF_LIST: Record<OldList, ImportKind> = {
  adduser: "profile",
  addskill: "skill",
  addcategory: "category",
  addfeather: "service",
  addprotfolio: "project",
  addeducation: "education",
  addexperience: "experience",
};

/** Plural nouns for messages ("skills not imported"). */
export const KIND_PLURAL: Record<ImportKind, string> = {
  profile: "profile",
  skill: "skills",
  category: "categories",
  service: "services",
  project: "projects",
  education: "education",
  experience: "experience",
};

/** The old fields each kind keeps (same names in Folio); anything else in a document is ignored. */
const TEXT_FIELDS: Record<ImportKind, readonly string[]> = {
  profile: [
    "name",
    "description",
    "email",
    "number",
    "address",
    "cv",
    "facebook",
    "github",
    "linkedin",
  ],
  skill: ["name"],
  category: ["name"],
  service: ["title", "subtitle", "icon"],
  project: [
    "title",
    "subtitle",
    "clientName",
    "service",
    "strategy",
    "design",
    "userExperience",
    "shortDescription",
    "longDescription",
    "liveView",
    "sourceCode",
    "skill",
    "level",
  ],
  education: ["degree", "institution", "year", "description"],
  experience: ["title", "institution", "year", "description"],
};

/** The field that names a record in reports. */
const LABEL_FIELD: Record<ImportKind, string> = {
  profile: "name",
  skill: "name",
  category: "name",
  service: "title",
  project: "title",
  education: "degree",
  experience: "title",
};

export type MapOptions = {
  /** What the list was read from, for messages: "GET /addskill", "addskill.json". */
  where: string;
  /**
   * The old backend's address, to resolve image paths relative to it (`/uploads/me.png`).
   * Without one (a folder of files) a relative image path cannot be fetched: it is left out
   * and reported.
   */
  baseUrl?: string;
};

export type MappedList = { records: SourceRecord[]; problems: ImportProblem[] };

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The document's id: `_id` or `id`, a string (an `$oid` is unwrapped before) or a number. */
function idOf(doc: Record<string, unknown>): string | undefined {
  for (const key of ["_id", "id"]) {
    const value = doc[key];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

/** Text as the old backend kept it: numbers (a year stored as 2019) become text, null is absent. */
function textOf(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return value;
}

/**
 * A project date: an ISO date or timestamp (a `$date` is one by now) → YYYY-MM-DD as written
 * (the owner's calendar day, not shifted to UTC); free text ("Spring 2021") kept as it is.
 */
export function dateOf(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") return textOf(value);
  const text = value.trim();
  const iso =
    /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i.exec(
      text,
    );
  return iso && !Number.isNaN(Date.parse(iso[1])) ? iso[1] : text;
}

type ImageResult = { url?: string; problem?: string };

/** An image reference → an absolute URL, resolved against the backend when it is relative. */
function imageOf(value: unknown, baseUrl: string | undefined): ImageResult {
  if (value === null || value === undefined) return {};
  if (typeof value !== "string") return { problem: "is not an address" };
  const text = value.trim();
  if (text === "") return {};
  if (ABSOLUTE_URL.test(text) || text.startsWith("//")) {
    if (text.startsWith("//")) return { url: `https:${text}` };
    return { url: text };
  }
  if (!baseUrl)
    return { problem: `is a path (${text}) with no old backend address to fetch it from` };
  try {
    const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
    return { url: new URL(text, base).href };
  } catch {
    return { problem: `is not an address (${text})` };
  }
}

function mapDocument(
  kind: ImportKind,
  doc: Record<string, unknown>,
  sourceId: string,
  { baseUrl }: MapOptions,
  problems: ImportProblem[],
): SourceRecord {
  const fields: Record<string, unknown> = {};
  for (const name of TEXT_FIELDS[kind]) {
    const value = textOf(doc[name]);
    if (value !== undefined) fields[name] = value;
  }
  const rawLabel = doc[LABEL_FIELD[kind]];
  const label = typeof rawLabel === "string" && rawLabel.trim() !== "" ? rawLabel.trim() : sourceId;
  const imageProblem = (field: string, message: string) =>
    problems.push({ kind, subject: label, message: `${field} ${message}; left out` });

  if (kind === "profile") {
    const image = imageOf(doc.image, baseUrl);
    if (image.problem) imageProblem("The profile image", image.problem);
    if (image.url !== undefined) fields.image = image.url;
    else if (!image.problem && doc.image !== undefined) fields.image = "";
  }
  if (kind === "project") {
    if (doc.date !== undefined) fields.date = dateOf(doc.date);
    if (doc.budget !== undefined && doc.budget !== null) fields.budget = doc.budget;
    const liveView = typeof fields.liveView === "string" ? fields.liveView.trim() : "";
    const liveUrl = textOf(doc.liveUrl);
    if (liveView === "" && typeof liveUrl === "string" && liveUrl.trim() !== "") {
      fields.liveView = liveUrl;
    }
    const thumbnail = imageOf(doc.thumbnail, baseUrl);
    if (thumbnail.problem) imageProblem("The thumbnail", thumbnail.problem);
    if (thumbnail.url !== undefined) fields.thumbnail = thumbnail.url;
    else if (!thumbnail.problem && doc.thumbnail !== undefined) fields.thumbnail = "";
    if (doc.images !== undefined) {
      const list = Array.isArray(doc.images) ? doc.images : [doc.images];
      const images: string[] = [];
      let unusable = 0;
      list.forEach((entry, i) => {
        const image = imageOf(entry, baseUrl);
        if (image.problem) {
          unusable++;
          imageProblem(`Gallery image ${i + 1}`, image.problem);
        }
        if (image.url) images.push(image.url);
      });
      if (images.length > MAX_GALLERY_IMAGES) {
        problems.push({
          kind,
          subject: label,
          message: `${images.length} gallery images; Folio keeps ${MAX_GALLERY_IMAGES}, the first ones`,
        });
        images.length = MAX_GALLERY_IMAGES;
      }
      // A gallery of paths only (a folder export) is left out, not emptied.
      if (images.length > 0 || unusable === 0) fields.images = images;
    }
  }
  if (kind === "service" && fields.icon !== undefined) {
    const icon = typeof fields.icon === "string" ? fields.icon.trim() : "";
    if (!SERVICE_ICONS.some((name) => name === icon)) {
      delete fields.icon;
      if (icon !== "") {
        problems.push({
          kind,
          subject: label,
          message: `The icon "${icon}" is not one of Folio's icons (${SERVICE_ICONS.join(", ")}); the default icon is used`,
        });
      }
    } else fields.icon = icon;
  }
  return { kind, sourceId, label, fields };
}

/**
 * One old list (its parsed JSON) → records of its kind and the problems met. `/adduser` gives one
 * record, its first document (Folio has one profile); the others are reported.
 */
export function mapOldList(list: OldList, value: unknown, options: MapOptions): MappedList {
  const kind = KIND_OF_LIST[list];
  const records: SourceRecord[] = [];
  const problems: ImportProblem[] = [];
  if (!Array.isArray(value)) {
    problems.push({
      kind,
      message: `${options.where} is not a list (a JSON array); ${KIND_PLURAL[kind]} not imported`,
    });
    return { records, problems };
  }
  const seen = new Set<string>();
  value.forEach((item, index) => {
    const doc = fromExtendedJson(item);
    const position = `Item ${index + 1} of ${options.where}`;
    if (!isPlainObject(doc)) {
      problems.push({ kind, message: `${position} is not an object; left out` });
      return;
    }
    const sourceId = idOf(doc);
    const name = doc[LABEL_FIELD[kind]];
    const subject = typeof name === "string" && name.trim() !== "" ? name.trim() : undefined;
    if (!sourceId) {
      problems.push({ kind, subject, message: `${position} has no _id or id; left out` });
      return;
    }
    if (seen.has(sourceId)) {
      problems.push({
        kind,
        subject,
        message: `${position} repeats the id ${sourceId}; the first one is kept`,
      });
      return;
    }
    seen.add(sourceId);
    if (kind === "profile" && records.length === 1) {
      problems.push({
        kind,
        subject: subject ?? sourceId,
        message: `${position} is another profile; Folio keeps one, the first (${records[0].label})`,
      });
      return;
    }
    records.push(mapDocument(kind, doc, sourceId, options, problems));
  });
  return { records, problems };
}

/** The problem for a list the source does not have. */
export function missingListProblem(list: OldList, reason: string): ImportProblem {
  const kind = KIND_OF_LIST[list];
  return { kind, message: `${reason}; ${KIND_PLURAL[kind]} not imported` };
}

/** One list as a reader got it: its parsed JSON and where it came from, or why it is missing. */
export type ReadList = { value: unknown; where: string } | { missing: string };

/**
 * The old system's lists → one snapshot, in the order the applier uses (IMPORT_KINDS), with the
 * problems of every list and a note for each missing one.
 */
export function snapshotOfOldLists(
  source: string,
  lists: Record<OldList, ReadList>,
  baseUrl?: string,
): SourceSnapshot {
  const snapshot: SourceSnapshot = { source, records: [], problems: [] };
  for (const list of OLD_LISTS) {
    const read = lists[list];
    if ("missing" in read) {
      snapshot.problems.push(missingListProblem(list, read.missing));
      continue;
    }
    const mapped = mapOldList(list, read.value, { where: read.where, baseUrl });
    snapshot.records.push(...mapped.records);
    snapshot.problems.push(...mapped.problems);
  }
  return snapshot;
}
