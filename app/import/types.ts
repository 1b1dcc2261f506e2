// The importer's seams (issue 15). A *reader* turns a source (an old backend's base URL, a folder
// of mongoexport files, a JSON Resume) into a SourceSnapshot: records already under Folio's field
// names, with image fields still pointing at the source's addresses. The *applier* validates each
// record, fetches its images through Folio's image pipeline and creates or updates rows,
// remembering the source ids (ImportLink) so a second run updates instead of duplicating.
// Client-safe: the dashboard's Import page renders an ImportReport.

/** The kinds of content an import brings in, in the order they are applied. */
export const IMPORT_KINDS = [
  "profile",
  "skill",
  "category",
  "service",
  "project",
  "education",
  "experience",
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** How reports (the terminal's and the dashboard's) name each kind, images included. */
export const IMPORT_KIND_LABELS: Record<ImportKind | "image", string> = {
  profile: "Profile",
  skill: "Skills",
  category: "Categories",
  service: "Services",
  project: "Projects",
  education: "Education",
  experience: "Experience",
  image: "Images",
};

/** One record of the source, under Folio's field names (images as the source's URLs). */
export type SourceRecord = {
  kind: ImportKind;
  /** The source's id (`_id`, `$oid`, `id`) or a key derived from the record (JSON Resume). */
  sourceId: string;
  /** A short human name for reports: the title, name or degree. */
  label: string;
  fields: Record<string, unknown>;
};

/** Something the reader or the applier could not use; never fatal for the whole import. */
export type ImportProblem = {
  kind?: ImportKind | "image";
  /** The record's label or the image's address. */
  subject?: string;
  message: string;
};

/** Everything one source holds. */
export type SourceSnapshot = {
  /** What was read, for messages: the URL, the folder, the file name. */
  source: string;
  records: SourceRecord[];
  /** Records the reader had to leave out, and why. */
  problems: ImportProblem[];
};

export type ImportOptions = {
  /** Read and check everything, write nothing. */
  dryRun?: boolean;
  /** Delete the kinds present in the source before writing (after the automatic backup). */
  replace?: boolean;
  /** Called as the import goes, for a progress bar or counts. */
  onProgress?: (progress: ImportProgress) => void;
};

export type ImportProgress = { kind: ImportKind | "image"; done: number; total: number };

export type KindCounts = { created: number; updated: number; unchanged: number; skipped: number };

export type ImportReport = {
  source: string;
  dryRun: boolean;
  /** The backup taken before anything was written (absent for a dry run or when nothing changed). */
  backupFile?: string;
  /** How many rows `replace` deleted, by kind. */
  replaced: Partial<Record<ImportKind, number>>;
  kinds: Record<ImportKind, KindCounts>;
  images: { fetched: number; reused: number; failed: number };
  problems: ImportProblem[];
};
