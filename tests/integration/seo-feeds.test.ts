import { beforeAll, describe, expect, it } from "vitest";
import { seed } from "../../prisma/seed";
import { loader as feedJson } from "~/routes/feed[.]json";
import { loader as feedXml } from "~/routes/feed[.]xml";
import { loader as resumeJson } from "~/routes/resume[.]json";
import { loader as robots } from "~/routes/robots[.]txt";
import { loader as sitemap } from "~/routes/sitemap[.]xml";
import { prisma } from "~/models/db.server";
import { getRequest } from "../support/requests";

const args = (path: string) => ({ request: getRequest(path), params: {}, context: {} });
let draftId: number;
let published: number[];

beforeAll(async () => {
  await seed();
  const projects = await prisma.project.findMany({ orderBy: { id: "asc" } });
  draftId = projects[0].id;
  await prisma.project.update({
    where: { id: draftId },
    data: { draft: true, title: "Secret <Draft> & Co" },
  });
  published = projects.slice(1).map((p) => p.id);
});

describe("sitemap.xml and robots.txt", () => {
  it("lists the public pages and every published project with a lastmod, never a draft", async () => {
    const res = await sitemap(args("/sitemap.xml"));
    expect(res.headers.get("content-type")).toMatch(/application\/xml/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [
      ...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod><\/url>/g),
    ].map((m) => m[1]);
    for (const path of [
      "/",
      "/projects",
      "/projects/react",
      "/projects/laravel",
      "/contact",
      "/resume",
    ]) {
      expect(locs).toContain(`http://localhost${path}`);
    }
    for (const id of published) expect(locs).toContain(`http://localhost/projects/${id}`);
    expect(locs).not.toContain(`http://localhost/projects/${draftId}`);
    expect(locs).toHaveLength(6 + published.length);
  });

  it("robots.txt points to the sitemap and keeps crawlers out of the admin", async () => {
    const text = await (await robots(args("/robots.txt"))).text();
    expect(text).toContain("Sitemap: http://localhost/sitemap.xml");
    expect(text).toMatch(/^Disallow: \/dashboard$/m);
  });
});

describe("feeds", () => {
  it("RSS carries every published project, escaped, and no draft", async () => {
    const xml = await (await feedXml(args("/feed.xml"))).text();
    const items = xml.match(/<item>/g) ?? [];
    expect(items).toHaveLength(published.length);
    expect(xml).not.toContain("Secret");
    expect(xml).toMatch(/<rss version="2.0"/);
    expect(xml).toMatch(/<pubDate>[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4}/);
  });

  it("JSON Feed 1.1 parses and lists the same projects", async () => {
    const res = await feedJson(args("/feed.json"));
    expect(res.headers.get("content-type")).toMatch(/application\/feed\+json/);
    const feed = await res.json();
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.items.map((i: { url: string }) => i.url).sort()).toEqual(
      published.map((id) => `http://localhost/projects/${id}`).sort(),
    );
    for (const item of feed.items) {
      expect(typeof item.id).toBe("string");
      expect(new Date(item.date_published).toString()).not.toBe("Invalid Date");
    }
  });
});

describe("resume.json", () => {
  it("exports the profile, skills, education and experience in the JSON Resume schema", async () => {
    const resume = await (await resumeJson(args("/resume.json"))).json();
    const profile = await prisma.profile.findFirstOrThrow();
    expect(resume.basics.name).toBe(profile.name);
    expect(resume.basics.email).toBe(profile.email);
    expect(resume.basics.profiles.map((p: { network: string }) => p.network).sort()).toEqual([
      "Facebook",
      "GitHub",
      "LinkedIn",
    ]);
    expect(resume.work).toHaveLength(await prisma.experience.count());
    expect(resume.work[0]).toMatchObject({
      name: expect.any(String),
      position: expect.any(String),
    });
    expect(resume.education).toHaveLength(await prisma.education.count());
    expect(
      resume.education.every((e: { endDate?: string }) => !e.endDate || /^\d{4}$/.test(e.endDate)),
    ).toBe(true);
    const keywords = resume.skills.flatMap((s: { keywords: string[] }) => s.keywords);
    expect(keywords).toContain("React");
    expect(keywords).toContain("Laravel");
  });
});
