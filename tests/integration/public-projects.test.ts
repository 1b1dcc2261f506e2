// The project list and detail loaders: pagination edges (8/9/16/17), invalid pages, the exact
// skill filters, drafts, and 404s for unknown or non-numeric ids.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as allLoader } from "~/routes/_site.projects._index";
import { loader as reactLoader } from "~/routes/_site.projects.react";
import { loader as laravelLoader } from "~/routes/_site.projects.laravel";
import { loader as detailLoader } from "~/routes/_site.projects.$id";
import { prisma } from "~/models/db.server";
import { getRequest, run } from "../support/requests";

type ListLoader = typeof allLoader;

async function list(loader: ListLoader, path: string) {
  const res = await run(() => loader({ request: getRequest(path), params: {}, context: {} }));
  expect(res.status).toBe(200);
  return res.json() as Promise<{
    projects: Array<{ id: number; title: string; skill: string }>;
    page: number;
    totalPages: number;
    total: number;
    pageSize: number;
  }>;
}

async function detail(id: string) {
  return run(() =>
    detailLoader({ request: getRequest(`/projects/${id}`), params: { id }, context: {} }),
  );
}

/** Creates `count` published projects of `skill` (titles numbered in creation order). */
async function createProjects(count: number, skill = "React", label = skill) {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const p = await prisma.project.create({
      data: { title: `${label} ${i}`, skill, level: "Intermediate", sourceCode: "https://x.dev" },
    });
    ids.push(p.id);
  }
  return ids;
}

// A client that reports every SQL statement, installed as the app's Prisma client.
let queries = 0;
beforeAll(() => {
  const client = new PrismaClient({
    adapter: new PrismaBetterSQLite3({ url: process.env.DATABASE_URL! }),
    log: [{ emit: "event", level: "query" }],
  });
  client.$on("query", () => (queries += 1));
  globalThis.__folioPrisma = client;
});
afterAll(async () => {
  await globalThis.__folioPrisma?.$disconnect();
});

beforeEach(async () => {
  await prisma.project.deleteMany();
});

describe("queries", () => {
  it("a list page and a detail page run 2 queries each, however many projects exist", async () => {
    const ids = await createProjects(20);
    await prisma.projectImage.createMany({
      data: [1, 2, 3].map((i) => ({ projectId: ids[0], url: `https://img.example/${i}.png` })),
    });
    queries = 0;
    await list(allLoader, "/projects?page=2");
    expect(queries).toBe(2);
    queries = 0;
    expect((await detail(String(ids[0]))).status).toBe(200);
    expect(queries).toBe(2);
  });
});

describe("/projects pagination", () => {
  it("shows every project on one page when there are none or up to 8", async () => {
    expect(await list(allLoader, "/projects")).toMatchObject({
      projects: [],
      page: 1,
      totalPages: 1,
      total: 0,
      pageSize: 8,
    });
    await createProjects(8);
    const data = await list(allLoader, "/projects");
    expect(data.projects).toHaveLength(8);
    expect(data).toMatchObject({ page: 1, totalPages: 1, total: 8 });
  });

  it.each([
    [9, 2, 1],
    [16, 2, 8],
    [17, 3, 1],
  ])("%i projects: %i pages, the last with %i", async (count, pages, onLast) => {
    await createProjects(count);
    const first = await list(allLoader, "/projects");
    expect(first).toMatchObject({ page: 1, totalPages: pages, total: count });
    expect(first.projects).toHaveLength(8);
    const last = await list(allLoader, `/projects?page=${pages}`);
    expect(last).toMatchObject({ page: pages, totalPages: pages });
    expect(last.projects).toHaveLength(onLast);
    // Every project appears exactly once across the pages, newest first.
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++)
      seen.push(...(await list(allLoader, `/projects?page=${page}`)).projects.map((p) => p.id));
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it.each([
    ["0", 1],
    ["-4", 1],
    ["abc", 1],
    ["", 1],
    ["2.9", 2],
    ["99", 3],
    ["1e9", 3],
    ["Infinity", 1],
  ])("page=%s gives the nearest valid page (%i), never an error", async (page, expected) => {
    await createProjects(17);
    const data = await list(allLoader, `/projects?page=${encodeURIComponent(page)}`);
    expect(data.page).toBe(expected);
    expect(data.projects.length).toBeGreaterThan(0);
  });
});

describe("skill filters", () => {
  it("/projects/react and /projects/laravel list only their exact skill; /projects lists all", async () => {
    await createProjects(3, "React");
    await createProjects(2, "Laravel");
    await createProjects(1, "react", "lowercase react");
    await createProjects(1, "Node.js");
    const react = await list(reactLoader, "/projects/react");
    expect(react.total).toBe(3);
    expect(react.projects.every((p) => p.skill === "React")).toBe(true);
    const laravel = await list(laravelLoader, "/projects/laravel");
    expect(laravel.total).toBe(2);
    expect(laravel.projects.every((p) => p.skill === "Laravel")).toBe(true);
    expect((await list(allLoader, "/projects")).total).toBe(7);
  });

  it("paginate each filter on its own (9 React projects: 2 pages, while Laravel has 1)", async () => {
    await createProjects(9, "React");
    await createProjects(1, "Laravel");
    expect(await list(reactLoader, "/projects/react?page=2")).toMatchObject({
      page: 2,
      totalPages: 2,
      total: 9,
    });
    expect(await list(laravelLoader, "/projects/laravel?page=2")).toMatchObject({
      page: 1,
      totalPages: 1,
      total: 1,
    });
  });

  it("hide drafts from every list", async () => {
    await createProjects(2, "React");
    await prisma.project.create({
      data: { title: "Draft", skill: "React", level: "Beginner", draft: true },
    });
    expect((await list(reactLoader, "/projects/react")).total).toBe(2);
    expect((await list(allLoader, "/projects")).projects.map((p) => p.title)).not.toContain(
      "Draft",
    );
  });
});

describe("/projects/{id}", () => {
  it("returns every field of the project with its gallery in order", async () => {
    const p = await prisma.project.create({
      data: {
        title: "Gallery project",
        subtitle: "With images",
        skill: "Laravel",
        level: "Advanced",
        clientName: "Client Co.",
        date: "2025-04-01",
        service: "Backend",
        budget: 1234.5,
        strategy: "S",
        design: "D",
        userExperience: "U",
        shortDescription: "Short",
        longDescription: "Long",
        sourceCode: "https://github.com/x/y",
        thumbnail: "https://img.example/t.png",
        images: {
          create: [
            { url: "https://img.example/2.png", position: 1 },
            { url: "https://img.example/1.png", position: 0 },
          ],
        },
      },
    });
    const res = await detail(String(p.id));
    expect(res.status).toBe(200);
    const { project } = await res.json();
    expect(project).toMatchObject({
      id: p.id,
      title: "Gallery project",
      subtitle: "With images",
      clientName: "Client Co.",
      date: "2025-04-01",
      service: "Backend",
      budget: 1234.5,
      strategy: "S",
      design: "D",
      userExperience: "U",
      shortDescription: "Short",
      longDescription: "Long",
      skill: "Laravel",
      sourceCode: "https://github.com/x/y",
      thumbnail: "https://img.example/t.png",
      images: ["https://img.example/1.png", "https://img.example/2.png"],
    });
  });

  it.each(["999999", "abc", "12abc", "-1", "0", "1.5", "99999999999"])(
    "answers 404 'Project not found.' for %s (never a 500)",
    async (id) => {
      await createProjects(1);
      const res = await detail(id);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("Project not found.");
    },
  );

  it("answers 404 for a draft", async () => {
    const draft = await prisma.project.create({
      data: { title: "Hidden", skill: "React", level: "Beginner", draft: true },
    });
    expect((await detail(String(draft.id))).status).toBe(404);
  });
});
