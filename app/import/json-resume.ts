// The JSON Resume reader (jsonresume.org, schema v1): a resume.json becomes a SourceSnapshot of
// the profile, experience, education, skills and categories. Parsing is loose (unknown keys are
// ignored, a field of the wrong type is left out) so any real resume reads; a file that is not a
// JSON Resume at all is refused with a message a person understands. It reads Folio's own export
// (/resume.json, `toJsonResume` in app/models/resume.server.ts) back to the same content.
// Client-safe: pure functions, no I/O (the applier downloads `basics.image`).
import { z } from "zod";
import { ImportSourceError } from "./source-error";
import type { ImportKind, ImportProblem, SourceRecord, SourceSnapshot } from "./types";

/** A file that cannot be read as a JSON Resume: "Cannot read <file>: <why>", for the person. */
export class JsonResumeError extends ImportSourceError {
  constructor(source: string, reason: string) {
    super(source, reason);
    this.name = "JsonResumeError";
  }
}

/** A string, or undefined for anything else (a number, null, an object): loose on purpose. */
const text = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : undefined),
  z.string().optional(),
);
/** A list of strings; anything that is not a string inside is dropped. */
const texts = z.preprocess(
  (v) => (Array.isArray(v) ? v.filter((x) => typeof x === "string").map((x) => x.trim()) : []),
  z.array(z.string()),
);
/** A list of objects read with `item`; anything that is not an object inside is dropped. */
const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.filter((x) => typeof x === "object" && x !== null) : []),
    z.array(item),
  );
/** An object read with `shape`, or undefined when it is not an object. */
const objectOf = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(
    (v) => (typeof v === "object" && v !== null && !Array.isArray(v) ? v : undefined),
    z.object(shape).optional(),
  );

const resumeSchema = z.object({
  basics: objectOf({
    name: text,
    summary: text,
    email: text,
    phone: text,
    image: text,
    picture: text,
    location: objectOf({
      address: text,
      city: text,
      region: text,
      postalCode: text,
      countryCode: text,
    }),
    profiles: listOf(z.object({ network: text, username: text, url: text })),
  }),
  work: listOf(
    z.object({
      name: text,
      company: text,
      position: text,
      startDate: text,
      endDate: text,
      summary: text,
      highlights: texts,
    }),
  ),
  education: listOf(
    z.object({
      institution: text,
      studyType: text,
      area: text,
      startDate: text,
      endDate: text,
    }),
  ),
  skills: listOf(z.object({ name: text, keywords: texts })),
});
type Resume = z.infer<typeof resumeSchema>;

/** The sections a JSON Resume is recognised by (at least one must be there). */
const SECTIONS = ["basics", "work", "education", "skills"] as const;

/** The skill group whose keywords are Folio's Skills (the roles in the hero); Folio exports it so. */
export const ROLES_GROUP = "Roles";
/** Folio's export names its categories' group so; any other group's keywords are categories too. */
const DURATION = /^Duration:\s*(.+)$/i;

const NETWORKS = {
  facebook: "https://facebook.com/",
  github: "https://github.com/",
  linkedin: "https://www.linkedin.com/in/",
} as const;

const yearPart = (date?: string) => /\b\d{4}\b/.exec(date ?? "")?.[0];

/**
 * A period as Folio shows it, from JSON Resume's ISO dates: "2019 – 2022", "2021 – Present"
 * (a start without an end), "2022" (an end only, or both in the same year); "" without dates.
 */
export function periodOf(startDate?: string, endDate?: string): string {
  const start = yearPart(startDate);
  const end = yearPart(endDate);
  if (start && end) return start === end ? end : `${start} – ${end}`;
  if (start) return `${start} – Present`;
  return end ?? "";
}

const joined = (parts: Array<string | undefined>, separator: string) =>
  parts.filter((p): p is string => Boolean(p)).join(separator);

/** A key for a source id: trimmed, lower-cased, inner spaces collapsed. */
const keyOf = (...parts: Array<string | undefined>) =>
  parts.map((p) => (p ?? "").trim().toLowerCase().replace(/\s+/g, " ")).join("|");

function profileRecord(basics: NonNullable<Resume["basics"]>): SourceRecord | undefined {
  const fields: Record<string, string> = {};
  const set = (name: string, value: string | undefined) => {
    if (value) fields[name] = value;
  };
  set("name", basics.name);
  set("description", basics.summary);
  set("email", basics.email);
  set("number", basics.phone);
  const location = basics.location;
  if (location) {
    set(
      "address",
      joined([location.address, location.city, location.region, location.countryCode], ", "),
    );
  }
  set("image", basics.image || basics.picture);
  for (const [key, prefix] of Object.entries(NETWORKS)) {
    const found = basics.profiles.find((p) => p.network?.toLowerCase() === key);
    if (!found) continue;
    set(key, found.url || (found.username ? `${prefix}${found.username}` : undefined));
  }
  if (Object.keys(fields).length === 0) return undefined;
  return { kind: "profile", sourceId: "basics", label: basics.name || "Profile", fields };
}

/** Highlights that are not Folio's "Duration: X", as lines of the description. */
function descriptionOf(summary: string | undefined, highlights: string[]) {
  const rest = highlights.filter((h) => h && !DURATION.test(h));
  return joined([summary, ...rest.map((h) => `• ${h}`)], "\n");
}

function experienceRecord(work: Resume["work"][number]): SourceRecord {
  const institution = work.name || work.company || "";
  const title = work.position ?? "";
  const duration = work.highlights.map((h) => DURATION.exec(h)?.[1]?.trim()).find(Boolean);
  return {
    kind: "experience",
    sourceId: `work:${keyOf(institution, title, work.startDate)}`,
    label: joined([title, institution], ", ") || "Work",
    fields: {
      title,
      institution,
      year: periodOf(work.startDate, work.endDate) || duration || "",
      description: descriptionOf(work.summary, work.highlights),
    },
  };
}

function educationRecord(education: Resume["education"][number]): SourceRecord {
  const institution = education.institution ?? "";
  const degree = education.studyType ?? "";
  return {
    kind: "education",
    sourceId: `education:${keyOf(institution, degree, education.startDate)}`,
    label: joined([degree, institution], ", ") || "Education",
    fields: {
      degree,
      institution,
      year: periodOf(education.startDate, education.endDate),
      description: education.area ?? "",
    },
  };
}

/** "Roles" keywords → skills; every other group's keywords (or its name alone) → categories. */
function skillRecords(groups: Resume["skills"]): SourceRecord[] {
  const out: SourceRecord[] = [];
  for (const group of groups) {
    const kind: ImportKind =
      group.name?.toLowerCase() === ROLES_GROUP.toLowerCase() ? "skill" : "category";
    const names = group.keywords.length ? group.keywords : group.name ? [group.name] : [];
    for (const name of names) {
      if (!name) continue;
      out.push({ kind, sourceId: `${kind}:${keyOf(name)}`, label: name, fields: { name } });
    }
  }
  return out;
}

/**
 * Records whose derived source id repeats one before them get "#2", "#3", ... (two jobs at the
 * same place with the same title and no dates stay two rows); a second import derives the same
 * ids in the same order, so it updates them. Identical skills or categories are kept once.
 */
function uniqueIds(records: SourceRecord[], problems: ImportProblem[]): SourceRecord[] {
  const seen = new Map<string, number>();
  const out: SourceRecord[] = [];
  for (const record of records) {
    const count = (seen.get(record.sourceId) ?? 0) + 1;
    seen.set(record.sourceId, count);
    if (count === 1) {
      out.push(record);
    } else if (record.kind === "skill" || record.kind === "category") {
      problems.push({
        kind: record.kind,
        subject: record.label,
        message: "Listed more than once: imported once.",
      });
    } else {
      out.push({ ...record, sourceId: `${record.sourceId}#${count}` });
    }
  }
  return out;
}

/**
 * Reads a parsed resume.json (`source` names it in messages, e.g. the file name). Throws
 * JsonResumeError when `json` is not a JSON Resume (not an object, or none of basics, work,
 * education, skills).
 */
export function readJsonResume(json: unknown, source: string): SourceSnapshot {
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new JsonResumeError(
      source,
      'it is not a JSON Resume (one JSON object with "basics", "work", "education" or "skills")',
    );
  }
  if (!SECTIONS.some((key) => key in json)) {
    throw new JsonResumeError(
      source,
      'it is not a JSON Resume (it has none of "basics", "work", "education" or "skills")',
    );
  }
  const resume = resumeSchema.parse(json);
  const problems: ImportProblem[] = [];
  const profile = resume.basics ? profileRecord(resume.basics) : undefined;
  const records = uniqueIds(
    [
      ...(profile ? [profile] : []),
      ...skillRecords(resume.skills),
      ...resume.education.map(educationRecord),
      ...resume.work.map(experienceRecord),
    ],
    problems,
  );
  return { source, records, problems };
}

/**
 * Reads a resume.json file's text: JsonResumeError when it is not JSON or not a JSON Resume.
 * A leading byte-order mark is ignored.
 */
export function readJsonResumeText(content: string, source: string): SourceSnapshot {
  let json: unknown;
  try {
    json = JSON.parse(content.replace(/^\uFEFF/, ""));
  } catch {
    throw new JsonResumeError(source, "it is not JSON");
  }
  return readJsonResume(json, source);
}
