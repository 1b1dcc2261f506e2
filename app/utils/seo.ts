import type { MetaDescriptor } from "@remix-run/node";

export type SeoInput = {
  /** The site's public origin (root loader's `siteUrl`). */
  siteUrl: string;
  /** The page's path, e.g. "/projects/12" (query strings other than page numbers are dropped). */
  path: string;
  title: string;
  description: string;
  /** An image for link previews: an uploaded image path or an absolute URL. */
  image?: string;
  /** The image's size and text, when known (a social card: 1200×630). */
  imageWidth?: number;
  imageHeight?: number;
  imageAlt?: string;
  type?: "website" | "profile" | "article";
  siteName?: string;
};

/** An uploaded image's share-card URL: its JPEG variant (what social sites can read), absolute. */
export function shareImageUrl(siteUrl: string, image: string | undefined): string | undefined {
  if (!image) return undefined;
  if (/^https?:\/\//i.test(image)) return image;
  return `${siteUrl}${image.startsWith("/") ? "" : "/"}${image}`;
}

/**
 * Title, description, canonical URL, Open Graph and Twitter card tags for a public page.
 * One place, so every page says the same things the same way.
 */
export function seoMeta({
  siteUrl,
  path,
  title,
  description,
  image,
  imageWidth,
  imageHeight,
  imageAlt,
  type = "website",
  siteName,
}: SeoInput): MetaDescriptor[] {
  const url = `${siteUrl}${path}`;
  const imageUrl = shareImageUrl(siteUrl, image);
  const text = description.length > 300 ? `${description.slice(0, 297).trimEnd()}...` : description;
  return [
    { title },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:title", content: title },
    { property: "og:description", content: text },
    ...(siteName ? [{ property: "og:site_name", content: siteName }] : []),
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
    ...(imageUrl && imageWidth && imageHeight
      ? [
          { property: "og:image:width", content: String(imageWidth) },
          { property: "og:image:height", content: String(imageHeight) },
        ]
      : []),
    ...(imageUrl && imageAlt ? [{ property: "og:image:alt", content: imageAlt }] : []),
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: text },
    ...(imageUrl ? [{ name: "twitter:image", content: imageUrl }] : []),
    ...(imageUrl && imageAlt ? [{ name: "twitter:image:alt", content: imageAlt }] : []),
  ];
}

/** The root loader's site URL from a meta function's `matches`. */
export function siteUrlFrom(matches: ReadonlyArray<{ id: string; data?: unknown }>): string {
  const root = matches.find((m) => m.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}
