import type { ImgHTMLAttributes } from "react";

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

/**
 * The one way the site shows an image. Takes only a `src`, so every page can use it without
 * extra data. (The images pipeline upgrades it to <picture> with AVIF/WebP srcsets.)
 */
export function Image({ src, alt, sizes, priority = false, className, ...rest }: ImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      sizes={sizes}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      {...(priority ? { fetchPriority: "high" as const } : {})}
      {...rest}
    />
  );
}
