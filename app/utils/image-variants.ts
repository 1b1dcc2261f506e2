// The naming scheme of uploaded images, shared by the server (encoding, serving) and the
// <Image> component. A key carries everything a page needs to render an image without extra
// data: `<16 random chars>-<width>x<height>`, plus a trailing `t` when the image has
// transparency. Variants live at `/images/<key>/<width>.<avif|webp|jpg>`, the blurred
// placeholder at `/images/<key>/placeholder.webp`; `/images/<key>` itself is the stored reference.

/** The widths variants are made at (never wider than the original). */
export const VARIANT_WIDTHS = [320, 640, 960, 1600] as const;
export const MAX_VARIANT_WIDTH = 1600;
/** The JPEG width `/images/<key>` answers with (or the widest below it). */
export const DEFAULT_WIDTH = 960;

export const VARIANT_FORMATS = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
} as const;
export type VariantFormat = keyof typeof VARIANT_FORMATS;

export const PLACEHOLDER_FILE = "placeholder.webp";

const KEY = /^[a-z0-9]{16}-([1-9]\d{0,4})x([1-9]\d{0,4})(t?)$/;
const REF = /^\/images\/([A-Za-z0-9_-]{8,64})$/;

export type ImageKeyInfo = {
  key: string;
  /** Intrinsic width and height of the (orientation-corrected) original. */
  width: number;
  height: number;
  /** Whether the image has transparency (no placeholder is drawn behind it). */
  alpha: boolean;
  /** Widths of the stored variants, ascending. */
  widths: number[];
};

/** The variant widths stored for an original `width` pixels wide. */
export function variantWidths(width: number): number[] {
  const below = VARIANT_WIDTHS.filter((w) => w < width);
  return width >= MAX_VARIANT_WIDTH ? [...VARIANT_WIDTHS] : [...below, width];
}

/** The height of a variant `width` wide, keeping the aspect ratio. */
export function variantHeight(info: { width: number; height: number }, width: number) {
  return Math.max(1, Math.round((info.height * width) / info.width));
}

export function makeImageKey(random: string, width: number, height: number, alpha: boolean) {
  return `${random}-${width}x${height}${alpha ? "t" : ""}`;
}

/** Reads a key; null when it is not one this app makes. */
export function parseImageKey(key: string | undefined | null): ImageKeyInfo | null {
  const match = key ? KEY.exec(key) : null;
  if (!match || !key) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return { key, width, height, alpha: match[3] === "t", widths: variantWidths(width) };
}

/** The key of an `/images/<key>` reference; null for anything else (e.g. https:// URLs). */
export function imageKeyFromRef(ref: string | undefined | null): string | null {
  const match = ref ? REF.exec(ref) : null;
  return match ? match[1] : null;
}

export const imageRef = (key: string) => `/images/${key}`;
export const variantUrl = (key: string, width: number, format: VariantFormat) =>
  `/images/${key}/${width}.${format}`;
export const placeholderUrl = (key: string) => `/images/${key}/${PLACEHOLDER_FILE}`;

/** The JPEG width used where only one file can be given (the plain reference). */
export function defaultWidth(widths: number[]): number {
  const fitting = widths.filter((w) => w <= DEFAULT_WIDTH);
  return fitting.length > 0 ? fitting[fitting.length - 1] : widths[0];
}
