import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { ErrorPanel } from "~/components/site/error-panel";
import { SiteChrome } from "~/components/site/site-chrome";
import { siteName, useSiteData, type SiteData } from "~/components/site/site-data";
import { siteTitle } from "~/utils/page-title";
import { getProfile } from "~/models/profile.server";
import { listImageDetails } from "~/models/image-detail.server";
import { STATIC_PAGE } from "~/utils/static-page";
import { markdownToText, renderMarkdown } from "~/utils/markdown.server";

export type { SiteData } from "~/components/site/site-data";

/**
 * The profile for the navbar and footer, and the images' details (alt text, captions, focal
 * points: a row per described image) for every page (pages below read it with `useSiteData()`).
 */
export async function loader() {
  const [stored, imageDetails] = await Promise.all([getProfile(), listImageDetails()]);
  // The about text is Markdown: rendered for the about section, plain text everywhere else.
  const profile = stored && { ...stored, description: markdownToText(stored.description) };
  const aboutHtml = renderMarkdown(stored?.description);
  const data: SiteData = { profile, aboutHtml, year: new Date().getFullYear(), imageDetails };
  return json(data);
}

/** The public site runs without the framework's client runtime (see utils/static-page.ts). */
export const handle = STATIC_PAGE;

export default function SiteLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <SiteChrome data={data}>
      <Outlet />
    </SiteChrome>
  );
}

export const meta: MetaFunction = ({ error, data }) =>
  error
    ? [
        {
          title: siteTitle(
            isRouteErrorResponse(error) && error.status === 404
              ? "Page not found"
              : "Something went wrong",
            siteName((data as SiteData | undefined)?.profile),
          ),
        },
        { name: "robots", content: "noindex" },
      ]
    : [];

/** Errors on public pages keep the navbar and footer. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useSiteData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <SiteChrome data={data}>
      {status === 404 ? (
        <ErrorPanel
          status={404}
          title="Page not found"
          text="The page you are looking for does not exist or has moved."
        />
      ) : (
        <ErrorPanel
          status={status}
          title="Something went wrong"
          text="Something went wrong. Try again."
        />
      )}
    </SiteChrome>
  );
}
