import type { LoaderFunctionArgs } from "@remix-run/node";
import { projectFeed, rss } from "~/utils/feeds.server";

/** RSS 2.0 feed of published projects. */
export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(rss(await projectFeed(request)), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
