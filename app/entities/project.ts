import { z } from "zod";
import { optionalImage, optionalText, optionalUrl, requiredText } from "./fields";

export const LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;
export type Level = (typeof LEVELS)[number];
export const MAX_GALLERY_IMAGES = 4;
export const PROJECTS_PAGE_SIZE = 8;
export const LINK_REQUIRED_MESSAGE = "Please provide at least Live View URL or Source Code URL";

const budget = z.preprocess(
  (v) =>
    v === "" || v === null || v === undefined
      ? undefined
      : typeof v === "string"
        ? Number(v.trim())
        : v,
  z
    .number({ invalid_type_error: "Budget must be a number" })
    .finite("Budget must be a number")
    .min(0, "Budget cannot be negative")
    .max(1_000_000_000, "Budget is too large")
    .optional(),
);

const date = z
  .string({ invalid_type_error: "Date must be text" })
  .trim()
  .refine(
    (v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))),
    "Date must be a valid date (YYYY-MM-DD)",
  )
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
  images,
  skill: requiredText("Skill", 60),
  level: z.enum(LEVELS, {
    errorMap: () => ({ message: "Level must be Beginner, Intermediate or Advanced" }),
  }),
  featured: z.boolean().optional(),
  draft: z.boolean().optional(),
};

const atLeastOneLink = (v: { liveView: string; sourceCode: string }) =>
  v.liveView !== "" || v.sourceCode !== "";

/** Add Portfolio (spec section 5): skill and level required, and a live or source link. */
export const projectCreateSchema = z
  .object(fields)
  .refine(atLeastOneLink, { message: LINK_REQUIRED_MESSAGE, path: ["liveView"] });

/** Edit Project: also title, subtitle, clientName, date, service, budget, shortDescription required. */
export const projectUpdateSchema = z
  .object({
    ...fields,
    subtitle: requiredText("Subtitle", 300),
    clientName: requiredText("Client Name", 150),
    date: requiredText("Date", 10).refine(
      (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
      "Date must be a valid date (YYYY-MM-DD)",
    ),
    service: requiredText("Service", 150),
    budget: budget.refine((v) => v !== undefined, "Budget is required"),
    shortDescription: requiredText("Short Description", 1000),
  })
  .refine(atLeastOneLink, { message: LINK_REQUIRED_MESSAGE, path: ["liveView"] });

export type ProjectInput = z.infer<typeof projectCreateSchema>;
