// The image details a dashboard form sent (detail0Src, detail0Alt, ... one block per image
// shown beside it): checked with the entity's rules, for saving once the content is saved.
import { getImageDetails } from "~/models/image-detail.server";
import {
  detailFieldNames,
  detailOf,
  imageDetailFormSchema,
  MAX_DETAIL_BLOCKS,
  sameImageDetail,
  type ImageDetail,
} from "~/entities/image-detail";

export type DetailEntry = { src: string; detail: ImageDetail };

/**
 * The details of every block of `form`, each block's `src` put through `resolve` (a slot such as
 * THUMBNAIL_SLOT becomes the image the save ends with). `errors` are keyed by field name.
 */
export function imageDetailsFromForm(
  form: FormData,
  resolve: (src: string) => string = (src) => src,
): { entries: DetailEntry[]; errors: Record<string, string> } {
  const entries: DetailEntry[] = [];
  const errors: Record<string, string> = {};
  for (let index = 0; index < MAX_DETAIL_BLOCKS; index++) {
    const names = detailFieldNames(index);
    if (!form.has(names.src)) continue;
    const raw = Object.fromEntries(
      Object.entries(names).map(([key, name]) => {
        const value = form.get(name);
        return [key, typeof value === "string" ? value : undefined];
      }),
    );
    const parsed = imageDetailFormSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof names;
        errors[names[key] ?? names.alt] ??= issue.message;
      }
      continue;
    }
    const { src, ...detail } = parsed.data;
    const resolved = resolve(src);
    if (resolved) entries.push({ src: resolved, detail });
  }
  return { entries, errors };
}

/** The entries for images the saved content uses (details of others are not stored). */
export const entriesFor = (entries: DetailEntry[], used: string[]) =>
  entries.filter((entry) => used.includes(entry.src));

/**
 * When a save replaced an image (`previous` → `current`), the details the form still showed for
 * the old one, untouched, describe the old picture: they do not follow it to the new one.
 */
export async function withoutCarriedOver(
  entries: DetailEntry[],
  previous: string,
  current: string,
): Promise<DetailEntry[]> {
  if (!previous || previous === current) return entries;
  const before = detailOf(await getImageDetails([previous]), previous);
  return entries.filter((entry) => entry.src !== current || !sameImageDetail(entry.detail, before));
}
