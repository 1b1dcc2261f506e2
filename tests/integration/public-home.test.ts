// The public layout's and home page's loaders against a real SQLite database: empty, full
// (the demo seed), the case-insensitive React/Laravel match, drafts, and the query count.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "../../prisma/seed";
import { demoCategories, demoProfile, demoSkills } from "../../prisma/demo-content";
import { HOME_PROJECTS_PER_SECTION } from "~/models/home.server";
import { loader as homeLoader } from "~/routes/_site._index";
import { loader as siteLoader } from "~/routes/_site";
import { prisma } from "~/models/db.server";
import { run } from "../support/requests";

// A client that reports every SQL statement it runs, installed as the app's Prisma client.
let queries: string[] = [];
beforeAll(() => {
  const client = new PrismaClient({
    adapter: new PrismaBetterSQLite3({ url: process.env.DATABASE_URL! }),
    log: [{ emit: "event", level: "query" }],
  });
  client.$on("query", (e) => queries.push(e.query));
  globalThis.__folioPrisma = client;
});
afterAll(async () => {
  await globalThis.__folioPrisma?.$disconnect();
});

async function home() {
  const res = await run(() => homeLoader());
  expect(res.status).toBe(200);
  return res.json();
}

async function site() {
  const res = await run(() => siteLoader());
  expect(res.status).toBe(200);
  return res.json();
}

let nextPosition = 1000;
function project(title: string, skill: string, extra: Record<string, unknown> = {}) {
  return prisma.project.create({
    data: {
      title,
      skill,
      level: "Beginner",
      liveView: "https://example.com/live",
      position: nextPosition++,
      ...extra,
    },
  });
}

describe("public loaders on an empty database", () => {
  it("the layout has no profile and the current year", async () => {
    const data = await site();
    expect(data.profile).toBeNull();
    expect(data.year).toBe(new Date().getFullYear());
  });

  it("the home page answers with empty lists and zero counts (no error)", async () => {
    const data = await home();
    expect(data).toMatchObject({
      skills: [],
      categories: [],
      services: [],
      stats: { services: 0, projects: 0 },
      react: [],
      laravel: [],
      education: [],
      experience: [],
    });
  });
});

describe("public loaders on the demo content", () => {
  beforeAll(async () => {
    await seed();
  });

  it("the layout carries the whole profile for the navbar, footer and contact page", async () => {
    const { profile } = await site();
    const { image: _image, ...fields } = demoProfile; // the seed may add a demo picture
    expect(profile).toMatchObject(fields);
  });

  it("the home page has every section's data in the owner's order", async () => {
    const data = await home();
    expect(data.skills).toEqual(demoSkills);
    expect(data.categories).toEqual(demoCategories);
    expect(data.services.map((s: { title: string }) => s.title)).toEqual([
      "Web Development",
      "UI/UX Design",
      "API & Backend",
      "Performance & SEO",
    ]);
    expect(data.services[0]).toMatchObject({ icon: "code", subtitle: expect.any(String) });
    expect(data.stats).toEqual({ services: 4, projects: 12 });
    expect(data.education).toHaveLength(2);
    expect(data.education[0]).toMatchObject({
      degree: "BSc in Computer Science and Engineering",
      institution: "University of Dhaka",
      year: "2019",
    });
    expect(data.experience[0]).toMatchObject({
      title: "Senior Full-Stack Developer",
      institution: "Brightlane Studio",
      year: "3 years+",
    });
    expect(data.react).toHaveLength(HOME_PROJECTS_PER_SECTION);
    expect(data.laravel).toHaveLength(HOME_PROJECTS_PER_SECTION);
    expect(data.react.every((p: { skill: string }) => p.skill === "React")).toBe(true);
    expect(data.laravel.every((p: { skill: string }) => p.skill === "Laravel")).toBe(true);
    expect(data.react[0].title).toBe("ShopSphere Storefront");
    expect(data.react[0]).toMatchObject({ liveView: expect.stringMatching(/^https:/) });
    expect(data.laravel[0]).toMatchObject({
      title: "MediBook Clinic",
      sourceCode: expect.stringMatching(/^https:/),
    });
  });

  it("matches React and Laravel ignoring case on the home page only, featured first", async () => {
    const lower = await project("Lowercase react project", "react", { featured: true });
    const upper = await project("Uppercase LARAVEL project", "LARAVEL", { featured: true });
    try {
      const data = await home();
      expect(data.react[0].id).toBe(lower.id);
      expect(data.laravel[0].id).toBe(upper.id);
      expect(data.stats.projects).toBe(14);
    } finally {
      await prisma.project.deleteMany({ where: { id: { in: [lower.id, upper.id] } } });
    }
  });

  it("hides drafts from the home rows and the project count", async () => {
    const draft = await project("Secret draft", "React", { featured: true, draft: true });
    try {
      const data = await home();
      expect(data.react.map((p: { id: number }) => p.id)).not.toContain(draft.id);
      expect(data.stats.projects).toBe(12);
    } finally {
      await prisma.project.delete({ where: { id: draft.id } });
    }
  });

  it("reads in parallel with a fixed, small number of queries (no N+1)", async () => {
    await home(); // warm-up: connection settings run once per process
    await site();
    queries = [];
    await site();
    const layout = queries.length;
    queries = [];
    await home();
    const page = queries.length;
    // layout: the profile and the images' details (alt text, captions, focal points); home: skills, categories, services, project count, React ids + cards,
    // Laravel ids + cards, education, experience.
    expect(layout).toBe(2);
    expect(page).toBe(10);
    // More content does not mean more queries.
    for (let i = 0; i < 5; i++) await project(`Extra ${i}`, "React");
    queries = [];
    await home();
    expect(queries.length).toBe(page);
  });
});
