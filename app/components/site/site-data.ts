import { useRouteLoaderData } from "@remix-run/react";
import type { Profile } from "~/models/profile.server";
import { seoMeta, siteUrlFrom } from "~/utils/seo";

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

/** Where a meta function is: its matches (for the site URL and profile) and location. */
export type MetaContext = {
  matches: ReadonlyArray<{ id: string; data?: unknown }>;
  location: { pathname: string; search: string };
  /** The link-preview image (a project's thumbnail; the profile picture by default). */
  image?: string;
  type?: "website" | "profile" | "article";
};

/** The canonical path: the pathname, plus `?page=N` for pages after the first. */
function canonicalPath({ pathname, search }: MetaContext["location"]) {
  const page = Number(new URLSearchParams(search).get("page"));
  return Number.isInteger(page) && page > 1 ? `${pathname}?page=${page}` : pathname;
}

/** A page's <title>, description, canonical URL, Open Graph and Twitter card tags. */
export function pageMeta(title: string, description: string, context: MetaContext) {
  const profile = profileFromMatches(context.matches);
  return seoMeta({
    siteUrl: siteUrlFrom(context.matches),
    path: canonicalPath(context.location),
    title,
    description: description.replace(/\s+/g, " ").trim().slice(0, 160),
    image: context.image ?? profile?.image,
    type: context.type,
    siteName: siteName(profile),
  });
}
