// The admin profile form as plain input for profileSchema (entities/profile.ts).
import { PROFILE_FIELDS } from "~/entities/profile";

const textOf = (value: FormDataEntryValue | null) =>
  typeof value === "string" ? value.trim() : "";

/**
 * The raw profile of a submitted profile form, ready for `profileSchema`. The image is the file
 * uploaded with the form (no JavaScript: `imageFile`), else the reference in the hidden `image`
 * input (already uploaded through the upload endpoint), unless `removeImage` is checked.
 */
export function profileFromForm(form: FormData): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const { name } of PROFILE_FIELDS) raw[name] = form.get(name) ?? "";
  const uploaded = textOf(form.get("imageFile"));
  raw.image = uploaded || (form.get("removeImage") === "on" ? "" : (form.get("image") ?? ""));
  return raw;
}
