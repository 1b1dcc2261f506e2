import { useRouteLoaderData } from "@remix-run/react";
import type { Profile } from "~/models/profile.server";
import { seoMeta, siteUrlFrom } from "~/utils/seo";
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  cardUrl,
  pageCardOfPath,
  pageCardSpec,
  projectCardSpec,
  type CardProject,
} from "~/utils/social-card";
import { imageKeyFromRef, parseImageKey, variantHeight } from "~/utils/image-variants";

/** The public layout's route id (app/routes/_site.tsx). */
export const SITE_ROUTE_ID = "routes/_site";

/**
 * What the public layout's loader returns; pages under it (home, contact, ...) read the profile
 * from here instead of loading it again:
 *   const site = useRouteLoaderData<SiteData>("routes/_site");   // or useSiteData()
 */
import type { ImageDetails } from "~/entities/image-detail";

export type SiteData = {
  /**
   * The profile (the spec's first user record); null before the owner saves one. Its
   * `description` (the about text, Markdown) is here as plain text, for the footer, meta
   * descriptions and JSON-LD; `aboutHtml` is the same text rendered (docs/markdown.md).
   */
  profile: Profile | null;
  /** The about text rendered from Markdown ('' when there is none). */
  aboutHtml?: string;
  /** The current year for the copyright line (from the server, so the page never mismatches). */
  year: number;
  /** The owner's alt text, captions and focal points, by image address (entities/image-detail). */
  imageDetails?: ImageDetails;
};

/** The public layout's data, from any route or error boundary below it. */
export function useSiteData(): SiteData {
  return (
    useRouteLoaderData<SiteData>(SITE_ROUTE_ID) ?? { profile: null, year: new Date().getFullYear() }
  );
}

/** The name shown in the navbar, titles and footer when the profile has none. */
export const FALLBACK_NAME = "Portfolio";

/** The footer's text when the profile has no description. */
export const FALLBACK_DESCRIPTION =
  "A developer building fast, accessible web applications. Thanks for stopping by.";

export const siteName = (profile: Profile | null | undefined) =>
  profile?.name?.trim() || FALLBACK_NAME;

/** The profile from the layout's match, for `meta` functions of pages below it. */
export function profileFromMatches(
  matches: ReadonlyArray<{ id: string; data?: unknown }>,
): Profile | null {
  const site = matches.find((m) => m.id === SITE_ROUTE_ID)?.data as SiteData | undefined;
  return site?.profile ?? null;
}

/** A link-preview image: its address (a path of this site or a URL), size and text. */
export type ShareImage = { src: string; width?: number; height?: number; alt?: string };

/** Where a meta function is: its matches (for the site URL and profile) and location. */
export type MetaContext = {
  matches: ReadonlyArray<{ id: string; data?: unknown }>;
  location: { pathname: string; search: string };
  /** The link-preview image (a project's card; the page's social card by default). */
  image?: ShareImage;
  type?: "website" | "profile" | "article";
};

const siteDataFrom = (matches: MetaContext["matches"]) =>
  matches.find((m) => m.id === SITE_ROUTE_ID)?.data as SiteData | undefined;

/** The social card of the public page at `pathname` (utils/social-card.ts), 1200×630. */
export function pageShareImage(matches: MetaContext["matches"], pathname: string): ShareImage {
  const site = siteDataFrom(matches);
  const kind = pageCardOfPath(pathname);
  const card = pageCardSpec(kind, site?.profile, site?.imageDetails, {
    fallbackName: FALLBACK_NAME,
  });
  const alt =
    kind === "home" ? `${card.heading}: ${card.detail}` : `${card.heading} · ${card.label}`;
  return { src: cardUrl({ page: kind }, card), width: CARD_WIDTH, height: CARD_HEIGHT, alt };
}

/**
 * A project's link-preview image: the owner's custom social card (`ogImage`: its largest
 * stored variant) when set, else its generated card.
 */
export function projectShareImage(
  matches: MetaContext["matches"],
  project: CardProject & { id: number; ogImage?: string },
): ShareImage {
  const site = siteDataFrom(matches);
  const name = siteName(site?.profile);
  const alt = `${project.title}, a project by ${name}`;
  const custom = project.ogImage?.trim();
  if (custom) {
    const info = parseImageKey(imageKeyFromRef(custom));
    if (!info) return { src: custom, alt };
    const width = info.widths.at(-1)!;
    return {
      src: `/images/${info.key}/${width}.jpg`,
      width,
      height: variantHeight(info, width),
      alt,
    };
  }
  const card = projectCardSpec(project, site?.profile, site?.imageDetails, {
    fallbackName: FALLBACK_NAME,
  });
  return {
    src: cardUrl({ project: project.id }, card),
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    alt,
  };
}

/** The canonical path: the pathname, plus `?page=N` for pages after the first. */
function canonicalPath({ pathname, search }: MetaContext["location"]) {
  const page = Number(new URLSearchParams(search).get("page"));
  return Number.isInteger(page) && page > 1 ? `${pathname}?page=${page}` : pathname;
}

/** A page's <title>, description, canonical URL, Open Graph and Twitter card tags. */
export function pageMeta(title: string, description: string, context: MetaContext) {
  const profile = profileFromMatches(context.matches);
  const image = context.image ?? pageShareImage(context.matches, context.location.pathname);
  return seoMeta({
    siteUrl: siteUrlFrom(context.matches),
    path: canonicalPath(context.location),
    title,
    description: description.replace(/\s+/g, " ").trim().slice(0, 160),
    image: image.src,
    imageWidth: image.width,
    imageHeight: image.height,
    imageAlt: image.alt,
    type: context.type,
    siteName: siteName(profile),
  });
}
