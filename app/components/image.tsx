import type { CSSProperties, ImgHTMLAttributes } from "react";
import {
  defaultWidth,
  imageKeyFromRef,
  parseImageKey,
  placeholderUrl,
  variantUrl,
  type ImageKeyInfo,
  type VariantFormat,
} from "~/utils/image-variants";

export type ImageProps = {
  /** An uploaded image (/images/KEY) or an external http(s) URL. */
  src: string;
  /** Meaningful alternative text ('' only for decorative images). */
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, e.g. "(min-width: 1024px) 25vw, 100vw". */
  sizes?: string;
  /** The first visible image of a page: loaded eagerly with fetchpriority="high". */
  priority?: boolean;
  className?: string;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "sizes" | "loading">;

/** Screens this dense (most recent phones are 2.6-3.5) are served at about 2x, see below. */
const HIGH_DENSITY = "(min-resolution: 2.5dppx)";

/** Splits at commas outside parentheses. */
function splitTopLevel(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    if (value[i] === "(") depth++;
    else if (value[i] === ")") depth--;
    else if (value[i] === "," && depth === 0) {
      parts.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(value.slice(start).trim());
  return parts.filter(Boolean);
}

/** A `sizes` entry's media condition and its length (the last component: 976px, min(...)). */
function splitEntry(entry: string): { condition: string; length: string } {
  let i: number;
  if (entry.endsWith(")")) {
    let depth = 0;
    for (i = entry.length - 1; i >= 0; i--) {
      if (entry[i] === ")") depth++;
      else if (entry[i] === "(" && --depth === 0) break;
    }
    while (i > 0 && /[a-z-]/i.test(entry[i - 1])) i--;
  } else {
    i = entry.lastIndexOf(" ") + 1;
  }
  return { condition: entry.slice(0, Math.max(i, 0)).trim(), length: entry.slice(i).trim() };
}

/**
 * Caps image fidelity near 2x on very dense screens: each `sizes` entry gets a twin for those
 * screens asking for 2/3 of the width. The eye cannot tell 3x from 2x at phone distance, and
 * it cuts a phone's download by half or more. "auto" (lazy images) is left as it is.
 */
export function capDensity(sizes: string): string {
  const entries = splitTopLevel(sizes);
  if (entries.length === 0 || entries[0] === "auto") return sizes;
  return entries
    .flatMap((entry) => {
      const { condition, length } = splitEntry(entry);
      if (!length) return [entry];
      const dense = condition ? `(${condition}) and ${HIGH_DENSITY}` : HIGH_DENSITY;
      return [`${dense} calc(${length} * 2 / 3)`, entry];
    })
    .join(", ");
}

const srcSet = (info: ImageKeyInfo, format: VariantFormat) =>
  info.widths.map((w) => `${variantUrl(info.key, w, format)} ${w}w`).join(", ");

/**
 * The one way the site shows an image. Takes only a `src`, so every page can use it without
 * extra data: an uploaded image's key carries its size (see utils/image-variants.ts), from
 * which this renders a <picture> with AVIF and WebP srcsets, a JPEG fallback, intrinsic
 * width/height (no layout shift) and a blurred placeholder behind it while it loads. External
 * URLs are shown as they are.
 */
export function Image({
  src,
  alt,
  sizes,
  priority = false,
  className,
  style,
  ...rest
}: ImageProps) {
  const loading = priority ? ("eager" as const) : ("lazy" as const);
  const decoding = priority ? undefined : ("async" as const);
  // React 18 only knows the lowercase attribute.
  const fetchPriority = priority ? { fetchpriority: "high" } : {};
  const info = parseImageKey(imageKeyFromRef(src));

  if (!info) {
    return (
      <img
        src={src}
        alt={alt}
        sizes={sizes}
        className={className}
        style={style}
        loading={loading}
        decoding={decoding}
        {...fetchPriority}
        {...rest}
      />
    );
  }

  // Lazy images may let the browser use their laid-out width ("auto"); others default to 100vw.
  const resolvedSizes = capDensity(sizes ?? (priority ? "100vw" : "auto, 100vw"));
  const placeholder: CSSProperties = info.alpha
    ? {}
    : {
        backgroundImage: `url(${placeholderUrl(info.key)})`,
        backgroundSize: "cover",
        backgroundPosition: "center",
        backgroundRepeat: "no-repeat",
      };
  return (
    // display: contents keeps the <img> laid out as a direct child of the caller's box.
    <picture className="contents">
      <source type="image/avif" srcSet={srcSet(info, "avif")} sizes={resolvedSizes} />
      <source type="image/webp" srcSet={srcSet(info, "webp")} sizes={resolvedSizes} />
      <img
        src={variantUrl(info.key, defaultWidth(info.widths), "jpg")}
        srcSet={srcSet(info, "jpg")}
        sizes={resolvedSizes}
        alt={alt}
        width={info.width}
        height={info.height}
        className={className}
        style={{ ...placeholder, ...style }}
        loading={loading}
        decoding={decoding}
        {...fetchPriority}
        {...rest}
      />
    </picture>
  );
}
