// The dashboard Import page's forms (client-safe): three sources, each its own form, each with
// Preview (a dry run) and Import. The action parses the text fields with `importFormSchema`;
// the files travel in the same multipart body and are read by import-form.server.ts.
import { z } from "zod";

export const IMPORT_URL = "/dashboard/admin/import";

export const IMPORT_SOURCES = ["url", "mongoexport", "resume"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** The whole body of one Import page submission (files included): the cap while it streams. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const NO_URL_TEXT = "Enter the address of your old backend, e.g. https://api.example.com.";
export const BAD_URL_TEXT =
  "The old backend's address must start with http:// or https://, e.g. https://api.example.com.";

const isHttpUrl = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export const importFormSchema = z
  .object({
    source: z.enum(IMPORT_SOURCES, {
      errorMap: () => ({ message: "Choose what to import from." }),
    }),
    intent: z
      .enum(["preview", "import"], { errorMap: () => ({ message: "Choose Preview or Import." }) })
      .optional()
      .transform((v) => v ?? "preview"),
    replace: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
    url: z
      .string({ invalid_type_error: "The address must be text" })
      .trim()
      .max(2048, "The address must be at most 2048 characters")
      .optional()
      .transform((v) => v ?? ""),
    /** The id of a previewed snapshot (file sources), so Import needs no second upload. */
    staged: z
      .string()
      .optional()
      .transform((v) => v ?? ""),
  })
  .superRefine((value, ctx) => {
    if (value.source !== "url") return;
    if (value.url === "") ctx.addIssue({ code: "custom", path: ["url"], message: NO_URL_TEXT });
    else if (!isHttpUrl(value.url)) {
      ctx.addIssue({ code: "custom", path: ["url"], message: BAD_URL_TEXT });
    }
  });
export type ImportFormInput = z.infer<typeof importFormSchema>;
