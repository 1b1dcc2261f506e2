// What the owner says about one image (the thumbnail, a gallery image, the profile picture),
// keyed by the image's address (/images/KEY or an external URL): its alt text, a caption and
// the focal point that crops keep in view. Client-safe: the forms check with these rules and
// the pages render with these helpers. Stored by models/image-detail.server.ts.
import type { CSSProperties } from "react";
import { z } from "zod";
import { optionalText } from "./fields";

export const ALT_MAX = 200;
export const CAPTION_MAX = 300;

export type ImageDetail = { alt: string; caption: string; focalX: number; focalY: number };
export type ImageDetails = Record<string, ImageDetail>;

export const DEFAULT_IMAGE_DETAIL: ImageDetail = { alt: "", caption: "", focalX: 50, focalY: 50 };

/** A percentage typed in a form: '' is the centre (50). */
const percent = (label: string) =>
  z
    .string({ invalid_type_error: `${label} must be a number` })
    .trim()
    .refine(
      (v) => v === "" || (/^\d{1,3}$/.test(v) && Number(v) <= 100),
      `${label} must be a whole number from 0 to 100`,
    )
    .optional()
    .transform((v) => (v ? Number(v) : 50));

/** One image's details as the forms send them (focal point in percent, '' meaning centre). */
export const imageDetailFormSchema = z.object({
  /** The image's address or a slot (THUMBNAIL_SLOT): checked against the saved content. */
  src: z.string().trim().max(2048),
  alt: optionalText("Alt text", ALT_MAX),
  caption: optionalText("Caption", CAPTION_MAX),
  focalX: percent("Focus across"),
  focalY: percent("Focus down"),
});

/** The form field names of detail block `index`: detail0Src, detail0Alt, ... */
export const detailFieldNames = (index: number) => ({
  src: `detail${index}Src`,
  alt: `detail${index}Alt`,
  caption: `detail${index}Caption`,
  focalX: `detail${index}FocalX`,
  focalY: `detail${index}FocalY`,
});
/** The most detail blocks a form can carry (a thumbnail, its gallery, kept uploads). */
export const MAX_DETAIL_BLOCKS = 16;
/** A block's `src` standing for "whatever thumbnail / profile picture this save ends with". */
export const THUMBNAIL_SLOT = "@thumbnail";
export const PROFILE_IMAGE_SLOT = "@image";

/** Whether two details say the same (alt text, caption and focal point). */
export const sameImageDetail = (a: ImageDetail, b: ImageDetail) =>
  a.alt === b.alt && a.caption === b.caption && a.focalX === b.focalX && a.focalY === b.focalY;

export const isDefaultDetail = (d: ImageDetail) => sameImageDetail(d, DEFAULT_IMAGE_DETAIL);

/** The details of `src`, or the defaults. */
export const detailOf = (details: ImageDetails | undefined, src: string): ImageDetail =>
  details?.[src] ?? DEFAULT_IMAGE_DETAIL;

/** The owner's alt text, or the generated one. */
export const altOf = (details: ImageDetails | undefined, src: string, fallback: string) =>
  details?.[src]?.alt || fallback;

/** `object-position` for a cropped image: the focal point (nothing for the centre). */
export function focalStyle(detail: ImageDetail | undefined): CSSProperties | undefined {
  if (!detail || (detail.focalX === 50 && detail.focalY === 50)) return undefined;
  return { objectPosition: `${detail.focalX}% ${detail.focalY}%` };
}
