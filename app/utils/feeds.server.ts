import { getProfile } from "~/models/profile.server";
import { listPublishedProjectsForFeeds } from "~/models/syndication.server";
import { absoluteUrl, escapeXml, siteUrl } from "./site-url.server";
import { markdownToText } from "./markdown.server";

/** Everything both feeds say, computed once. */
export async function projectFeed(request: Request) {
  const base = siteUrl(request);
  const [profile, projects] = await Promise.all([getProfile(), listPublishedProjectsForFeeds(50)]);
  const owner = profile?.name || "Folio";
  return {
    base,
    title: `${owner} — Projects`,
    // (the about text is Markdown: the feeds carry it as plain text)
    description: markdownToText(profile?.description) || `Projects by ${owner}`,
    author: owner,
    items: projects.map((p) => ({
      id: `${base}/projects/${p.id}`,
      url: `${base}/projects/${p.id}`,
      title: p.title,
      summary: p.shortDescription || p.subtitle,
      image: absoluteUrl(base, p.thumbnail),
      tags: [p.skill],
      published: p.createdAt,
      modified: p.updatedAt,
    })),
  };
}

export function rss(feed: Awaited<ReturnType<typeof projectFeed>>) {
  const items = feed.items
    .map(
      (i) => `    <item>
      <title>${escapeXml(i.title)}</title>
      <link>${escapeXml(i.url)}</link>
      <guid isPermaLink="true">${escapeXml(i.id)}</guid>
      <description>${escapeXml(i.summary)}</description>
      <category>${escapeXml(i.tags[0] ?? "")}</category>
      <pubDate>${i.published.toUTCString()}</pubDate>${i.image ? `\n      <enclosure url="${escapeXml(i.image)}" type="image/jpeg" length="0"/>` : ""}
    </item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(feed.title)}</title>
    <link>${escapeXml(feed.base)}/projects</link>
    <atom:link href="${escapeXml(feed.base)}/feed.xml" rel="self" type="application/rss+xml"/>
    <description>${escapeXml(feed.description)}</description>
    <language>en</language>
${items}
  </channel>
</rss>
`;
}

export function jsonFeed(feed: Awaited<ReturnType<typeof projectFeed>>) {
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: feed.title,
    home_page_url: `${feed.base}/projects`,
    feed_url: `${feed.base}/feed.json`,
    description: feed.description,
    authors: [{ name: feed.author, url: feed.base }],
    language: "en",
    items: feed.items.map((i) => ({
      id: i.id,
      url: i.url,
      title: i.title,
      summary: i.summary,
      content_text: i.summary,
      ...(i.image ? { image: i.image } : {}),
      tags: i.tags,
      date_published: i.published.toISOString(),
      date_modified: i.modified.toISOString(),
    })),
  };
}
