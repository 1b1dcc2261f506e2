import type { MetaFunction } from "@remix-run/node";
import { ErrorPanel } from "~/components/site/error-panel";
import { profileFromMatches, siteName } from "~/components/site/site-data";
import { siteTitle } from "~/utils/page-title";

/** Any other URL: 404 inside the public layout (status and page come from the error boundary). */
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: siteTitle("Page not found", siteName(profileFromMatches(matches))) },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return (
    <ErrorPanel
      status={404}
      title="Page not found"
      text="The page you are looking for does not exist or has moved."
    />
  );
}

export default function NotFound() {
  return null;
}
