import type { LoaderFunctionArgs } from "@remix-run/node";
import { lastContentChange, listPublishedProjectsForFeeds } from "~/models/syndication.server";
import { escapeXml, siteUrl } from "~/utils/site-url.server";

const STATIC_PAGES = [
  "/",
  "/projects",
  "/projects/react",
  "/projects/laravel",
  "/contact",
  "/resume",
];

/** sitemap.xml: the public pages and every published project, with last-modified dates. */
export async function loader({ request }: LoaderFunctionArgs) {
  const base = siteUrl(request);
  const [projects, changed] = await Promise.all([
    listPublishedProjectsForFeeds(),
    lastContentChange(),
  ]);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const urls = [
    ...STATIC_PAGES.map((path) => ({ loc: `${base}${path}`, lastmod: day(changed) })),
    ...projects.map((p) => ({ loc: `${base}/projects/${p.id}`, lastmod: day(p.updatedAt) })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${escapeXml(u.loc)}</loc><lastmod>${u.lastmod}</lastmod></url>`).join("\n")}
</urlset>
`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
