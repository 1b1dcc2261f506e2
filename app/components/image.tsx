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
  const resolvedSizes = sizes ?? (priority ? "100vw" : "auto, 100vw");
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
