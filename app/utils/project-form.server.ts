// The admin project forms (Add Portfolio, Edit Project) as plain input: the text fields, the
// draft/featured checkboxes, and the image references of a form whose files were already stored
// (uploads.server.ts). The result goes to validateProject (models/project.server.ts).
import { PROJECT_ADD_FIELDS } from "~/entities/project";

/**
 * The raw project of a submitted admin form, ready for `projectCreateSchema`/`projectUpdateSchema`
 * (the files already turned into image references by the caller).
 */
export function projectFromForm(
  form: FormData,
  refs: { thumbnail: string; images: string[]; ogImage?: string } = imagesOfAddForm(form),
): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  // The declared fields (entities/project.ts); Edit Project has the same names.
  for (const { name } of PROJECT_ADD_FIELDS) raw[name] = form.get(name) ?? "";
  raw.thumbnail = refs.thumbnail;
  raw.images = refs.images;
  raw.ogImage = refs.ogImage ?? ogImageOfForm(form);
  raw.draft = form.get("draft") === "on";
  raw.featured = form.get("featured") === "on";
  return raw;
}

const textOf = (value: FormDataEntryValue | null) =>
  typeof value === "string" ? value.trim() : "";

/** Add Portfolio: the thumbnail and gallery references of a form whose files were stored. */
export function imagesOfAddForm(form: FormData): { thumbnail: string; images: string[] } {
  return {
    thumbnail: textOf(form.get("thumbnail")),
    images: form
      .getAll("images")
      .map(textOf)
      .filter((v) => v !== ""),
  };
}

/**
 * Edit Project: the thumbnail is the new upload when one was chosen, else the current one
 * (hidden input); each current gallery image is kept, replaced (`replaceImageN`) or removed
 * (`removeImages`), then new uploads (`newImages`) are appended.
 */
export function imagesOfEditForm(form: FormData): { thumbnail: string; images: string[] } {
  const removed = new Set(form.getAll("removeImages").map(textOf));
  const kept = form
    .getAll("existingImages")
    .map(textOf)
    .flatMap((current, index) => {
      if (current === "" || removed.has(current)) return [];
      return [textOf(form.get(`replaceImage${index}`)) || current];
    });
  const added = form
    .getAll("newImages")
    .map(textOf)
    .filter((v) => v !== "");
  return {
    thumbnail: textOf(form.get("newThumbnail")) || textOf(form.get("thumbnail")),
    images: [...kept, ...added],
  };
}

/**
 * The social card image of a form whose files were stored: a new upload (`ogImage` on Add
 * Portfolio, `newOgImage` on Edit Project), else the current one (hidden `currentOgImage`),
 * none when `removeOgImage` is ticked ('' = the automatic card).
 */
export function ogImageOfForm(form: FormData): string {
  const fresh = textOf(form.get("newOgImage")) || textOf(form.get("ogImage"));
  if (fresh) return fresh;
  if (form.get("removeOgImage") === "on") return "";
  return textOf(form.get("currentOgImage"));
}
