import { z } from "zod";
import { optionalImage, optionalText, optionalUrl, requiredText } from "./fields";
import type { AdminEntity } from "./entity";
import type { FieldSpec } from "./form-fields";
import { PUT_NOTE, type RestShape } from "./rest";

export const LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;
export type Level = (typeof LEVELS)[number];
export const MAX_GALLERY_IMAGES = 4;
export const PROJECTS_PAGE_SIZE = 8;
const LEVEL_MESSAGE = "Level must be Beginner, Intermediate or Advanced";
export const LINK_REQUIRED_MESSAGE = "Please provide at least Live View URL or Source Code URL";

/**
 * A budget as the old backend stored it: a number, or text such as "1200", "$1,200" or
 * "1 200 EUR" (a currency sign or code around it, thousands separators inside). Text with no
 * number in it is refused.
 */
export function budgetNumberOf(text: string): number {
  const bare = text
    .trim()
    .replace(/^[^\d.-]+|[^\d.]+$/g, "")
    .replace(/(?<=\d)[,\s_'](?=\d{3}(?!\d))/g, "");
  return bare === "" ? Number.NaN : Number(bare);
}

/** A budget: a number, or text read by `read` ('' or blank: none). */
const budgetOf = (read: (text: string) => number) =>
  z.preprocess(
    (v) =>
      v === "" || v === null || v === undefined
        ? undefined
        : typeof v === "string"
          ? v.trim() === ""
            ? undefined
            : read(v.trim())
          : v,
    z
      .number({ invalid_type_error: "Budget must be a number" })
      .finite("Budget must be a number")
      .min(0, "Budget cannot be negative")
      .max(1_000_000_000, "Budget is too large")
      .optional(),
  );

/** The dashboard's forms: the number input's text, nothing else ("12abc" is refused). */
const budget = budgetOf(Number);

/** Whether a stored date is an ISO date (YYYY-MM-DD), not the old backend's free text. */
export const isIsoDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** Edit Project's note on a stored date that is not an ISO date (the old backend's free text). */
export const storedDateNote = (stored: string) =>
  `Stored as “${stored}”: choose the date it stands for.`;

const date = z
  .string({ invalid_type_error: "Date must be text" })
  .trim()
  .refine((v) => v === "" || isIsoDate(v), "Date must be a valid date (YYYY-MM-DD)")
  .optional()
  .nullable()
  .transform((v) => v ?? "");

const images = z
  .array(
    z.union([optionalImage("Each image"), z.null()]).transform((v) => v ?? ""),
    {
      invalid_type_error: "Images must be a list of URLs",
    },
  )
  .max(MAX_GALLERY_IMAGES, `At most ${MAX_GALLERY_IMAGES} portfolio images`)
  .optional()
  .transform((list) => (list ?? []).filter((v) => v !== ""));

const fields = {
  title: requiredText("Title", 150),
  subtitle: optionalText("Subtitle", 300),
  clientName: optionalText("Client Name", 150),
  date,
  service: optionalText("Service", 150),
  budget,
  strategy: optionalText("Strategy", 5000),
  design: optionalText("Design", 5000),
  userExperience: optionalText("User Experience", 5000),
  shortDescription: optionalText("Short Description", 1000),
  longDescription: optionalText("Long Description", 20000),
  liveView: optionalUrl("Live View URL"),
  sourceCode: optionalUrl("Source Code URL"),
  thumbnail: optionalImage("Thumbnail"),
  /** The owner's social card image (Open Graph / Twitter); '' = the automatic card. */
  ogImage: optionalImage("Social card image"),
  images,
  skill: requiredText("Skill", 60),
  level: z.enum(LEVELS, { errorMap: () => ({ message: LEVEL_MESSAGE }) }),
  featured: z.boolean().optional(),
  draft: z.boolean().optional(),
};

const atLeastOneLink = (v: { liveView: string; sourceCode: string }) =>
  v.liveView !== "" || v.sourceCode !== "";

/** Every field of a project, as stored (the object behind both form schemas; models read these). */
export const projectFieldsSchema = z.object(fields);

/** A date as the old backend kept it: an ISO date, or free text ("Spring 2021"). */
const storedDate = optionalText("Date", 40);

/** A level in any letter case ("advanced"), stored in its canonical spelling. */
const storedLevel = z.preprocess(
  (v) =>
    typeof v === "string"
      ? (LEVELS.find((level) => level.toLowerCase() === v.trim().toLowerCase()) ?? v)
      : v,
  fields.level,
);

/**
 * What Folio stores for a project when it comes from a client of the old backend (REST) or from
 * an import: the old backend's values are accepted (any skill text, a free-text date, a budget as
 * text, empty optional texts, no link), while bad URLs and oversized texts stay refused.
 */
export const projectStoredSchema = z.object({
  ...fields,
  date: storedDate,
  level: storedLevel,
  budget: budgetOf(budgetNumberOf),
});

/** Add Portfolio (spec section 5): skill and level required, and a live or source link. */
export const projectCreateSchema = projectFieldsSchema.refine(atLeastOneLink, {
  message: LINK_REQUIRED_MESSAGE,
  path: ["liveView"],
});

/** Edit Project: also title, subtitle, clientName, date, service, budget, shortDescription required. */
export const projectUpdateSchema = z
  .object({
    ...fields,
    subtitle: requiredText("Subtitle", 300),
    clientName: requiredText("Client Name", 150),
    date: requiredText("Date", 10).refine(isIsoDate, "Date must be a valid date (YYYY-MM-DD)"),
    service: requiredText("Service", 150),
    budget: budget.refine((v) => v !== undefined, "Budget is required"),
    shortDescription: requiredText("Short Description", 1000),
  })
  .refine(atLeastOneLink, { message: LINK_REQUIRED_MESSAGE, path: ["liveView"] });

export type ProjectInput = z.infer<typeof projectCreateSchema>;

/** The project's inputs leave autocomplete to the browser (no attribute). */
const browserAutocomplete = (fields: FieldSpec[]) =>
  fields.map((field): FieldSpec => ({ autoComplete: false, ...field }));

/**
 * Add Portfolio's fields, in their sections and order. The skill select's options are the
 * category names, given by the form at runtime. The images (thumbnail, gallery) and the
 * draft/featured checkboxes are the form's own inputs.
 */
export const PROJECT_ADD_FIELDS: FieldSpec[] = browserAutocomplete([
  { section: "Project", name: "title", label: "Title", required: true, maxLength: 150 },
  { section: "Project", name: "subtitle", label: "Subtitle", maxLength: 300 },
  {
    section: "Project",
    name: "skill",
    label: "Skill",
    kind: "select",
    required: true,
    placeholder: "Select a skill",
  },
  {
    section: "Project",
    name: "level",
    label: "Level",
    kind: "select",
    required: true,
    placeholder: "Select a level",
    options: LEVELS.map((level) => ({ value: level, label: level })),
  },
  { section: "Client", name: "clientName", label: "Client Name", maxLength: 150 },
  { section: "Client", name: "date", label: "Date", type: "date" },
  { section: "Client", name: "service", label: "Service", maxLength: 150 },
  {
    section: "Client",
    name: "budget",
    label: "Budget",
    type: "number",
    inputMode: "decimal",
    min: 0,
    step: "any",
    hint: "In US dollars",
  },
  {
    section: "Links (at least one)",
    name: "liveView",
    label: "Live View URL",
    type: "url",
    placeholder: "https://",
    maxLength: 2048,
  },
  {
    section: "Links (at least one)",
    name: "sourceCode",
    label: "Source Code URL",
    type: "url",
    placeholder: "https://",
    maxLength: 2048,
  },
  {
    section: "Story",
    name: "shortDescription",
    label: "Short Description",
    kind: "textarea",
    rows: 3,
    maxLength: 1000,
  },
  {
    section: "Story",
    name: "strategy",
    label: "Strategy",
    kind: "textarea",
    rows: 3,
    maxLength: 5000,
    markdown: true,
  },
  {
    section: "Story",
    name: "design",
    label: "Design",
    kind: "textarea",
    rows: 3,
    maxLength: 5000,
    markdown: true,
  },
  {
    section: "Story",
    name: "userExperience",
    label: "User Experience",
    kind: "textarea",
    rows: 3,
    maxLength: 5000,
    markdown: true,
  },
  {
    section: "Story",
    name: "longDescription",
    label: "Long Description",
    kind: "textarea",
    rows: 6,
    maxLength: 20000,
    wide: true,
    markdown: true,
  },
]);

/** Edit Project: the same fields, with those projectUpdateSchema also requires marked required. */
const REQUIRED_ON_EDIT = [
  "subtitle",
  "clientName",
  "date",
  "service",
  "budget",
  "shortDescription",
];
export const PROJECT_EDIT_FIELDS: FieldSpec[] = PROJECT_ADD_FIELDS.map((field) =>
  REQUIRED_ON_EDIT.includes(field.name) ? { ...field, required: true } : field,
);

/** REST: GET and POST /addprotfolio, GET, PUT and DELETE /addprotfolio/{id}. */
export const PROJECT_REST: RestShape = {
  path: "/addprotfolio",
  tag: "Projects",
  noun: "project",
  model: {
    name: "Project",
    schema: projectStoredSchema,
    extra: {
      budget: { type: ["number", "null"] },
      liveUrl: { type: "string", description: "Alias of liveView" },
      featured: { type: "boolean" },
      draft: { type: "boolean" },
      updatedAt: { type: "string", format: "date-time" },
    },
    omit: ["ogImage"],
  },
  bodies: {
    ProjectInput: {
      schema: projectStoredSchema,
      description:
        "What the old backend stored: `skill` is any text (the dashboard offers the category " +
        'names), `date` an ISO date or free text ("Spring 2021"), `budget` a number or text ' +
        'with a number in it ("$1,200"), `level` in any letter case (stored as Beginner, ' +
        "Intermediate or Advanced), links optional. Thumbnail, images and `ogImage` (the social " +
        "card image; empty: the automatic card; write-only, not in the answers) are URLs (from " +
        "POST /upload, this site's own /images/KEY in absolute form, or http(s)). `liveUrl` is " +
        `accepted as an alias of \`liveView\`. On PUT: ${PUT_NOTE}`,
    },
  },
  collection: {
    get: { summary: "List projects (drafts only for the owner)" },
    post: { summary: "Add a project", body: "ProjectInput" },
  },
  item: {
    get: { summary: "One project (a draft only for the owner)" },
    put: { summary: "Update a project", body: "ProjectInput" },
    delete: { summary: "Delete a project" },
  },
};

/** The Projects screens' texts and URLs (spec section 8 for the portfolio messages). */
export const PROJECTS: AdminEntity = {
  noun: "Project",
  listUrl: "/dashboard/admin/projects",
  addedTitle: "Project Added Successfully!",
  addFailedText: "Something went wrong. Please try again.",
  updatedTitle: "Project Updated Successfully!",
  editUrl: (id) => `/dashboard/admin/portfolio-edit/${id}`,
  viewUrl: (id) => `/dashboard/admin/portfolio-view/${id}`,
  ordered: "project",
  menu: { label: "Projects", icon: "◧", allLabel: "All Projects" },
};
export const PROJECT_ADD_URL = "/dashboard/admin/projects/add";
export const projectViewUrl = (id: number) => `/dashboard/admin/portfolio-view/${id}`;
export const projectEditUrl = (id: number) => `/dashboard/admin/portfolio-edit/${id}`;
