import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonFeed, projectFeed } from "~/utils/feeds.server";

/** JSON Feed 1.1 of published projects. */
export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(jsonFeed(await projectFeed(request)), {
    headers: {
      "Content-Type": "application/feed+json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
