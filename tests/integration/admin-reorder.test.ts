import { beforeEach, describe, expect, it } from "vitest";
import * as reorderRoute from "~/routes/dashboard.admin.reorder";
import { listCategories } from "~/models/category.server";
import { listEducation } from "~/models/education.server";
import { listExperience } from "~/models/experience.server";
import { getProject, listProjects } from "~/models/project.server";
import { listServices } from "~/models/service.server";
import { createSkill, listSkills } from "~/models/skill.server";
import { prisma } from "~/models/db.server";
import { formRequest, getRequest, ownerCookie, run } from "../support/requests";

const URL_ = "/dashboard/admin/reorder";

const post = (fields: Record<string, string>, cookie?: string) =>
  run(() =>
    reorderRoute.action({
      request: formRequest(URL_, fields, { cookie }),
      params: {},
      context: {},
    }),
  );

/** Creates three rows of each entity ("A" newest, so lists read A, B, C) and returns readers. */
const entities = {
  skills: {
    create: (n: string) => prisma.skill.create({ data: { name: n } }),
    names: async () => (await listSkills()).map((r) => r.name),
  },
  category: {
    create: (n: string) => prisma.category.create({ data: { name: n } }),
    names: async () => (await listCategories()).map((r) => r.name),
  },
  services: {
    create: (n: string) => prisma.service.create({ data: { title: n, subtitle: "s" } }),
    names: async () => (await listServices()).map((r) => r.title),
  },
  projects: {
    create: (n: string) =>
      prisma.project.create({
        data: { title: n, skill: "React", level: "Beginner", liveView: "https://example.com" },
      }),
    names: async () => (await listProjects()).map((r) => r.title),
  },
  education: {
    create: (n: string) =>
      prisma.education.create({ data: { degree: n, institution: "I", year: "2020" } }),
    names: async () => (await listEducation()).map((r) => r.degree),
  },
  experience: {
    create: (n: string) =>
      prisma.experience.create({ data: { title: n, institution: "I", year: "2020" } }),
    names: async () => (await listExperience()).map((r) => r.title),
  },
} as const;

const modelOf = {
  skills: "skill",
  category: "category",
  services: "service",
  projects: "project",
  education: "education",
  experience: "experience",
} as const;

async function resetAll() {
  await prisma.projectImage.deleteMany();
  await prisma.project.deleteMany();
  await prisma.skill.deleteMany();
  await prisma.category.deleteMany();
  await prisma.service.deleteMany();
  await prisma.education.deleteMany();
  await prisma.experience.deleteMany();
}

/** Rows created with descending positions so lists read A, B, C; returns ids by name. */
async function seed(entity: keyof typeof entities) {
  const ids: Record<string, number> = {};
  for (const [position, name] of ["A", "B", "C"].entries()) {
    const row = await entities[entity].create(name);
    ids[name] = row.id;
    await (
      prisma[modelOf[entity]] as unknown as {
        update(a: { where: { id: number }; data: { position: number } }): Promise<unknown>;
      }
    ).update({ where: { id: row.id }, data: { position } });
  }
  return ids;
}

describe("POST /dashboard/admin/reorder", () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await ownerCookie();
    await resetAll();
  });

  it("refuses anonymous visitors in the loader and the action", async () => {
    const skill = await createSkill({ name: "Solo" });
    const loader = await run(() =>
      reorderRoute.loader({ request: getRequest(URL_), params: {}, context: {} }),
    );
    expect(loader.status).toBe(302);
    expect(loader.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const action = await post({ entity: "skills", id: String(skill.id), direction: "up" });
    expect(action.status).toBe(302);
    expect(action.headers.get("Location")).toMatch(/^\/login/);
  });

  it("the owner's GET goes back to the dashboard", async () => {
    const res = await run(() =>
      reorderRoute.loader({ request: getRequest(URL_, { cookie }), params: {}, context: {} }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
  });

  for (const entity of Object.keys(entities) as Array<keyof typeof entities>) {
    it(`moves ${entity} up and down, and the public list follows`, async () => {
      const ids = await seed(entity);
      expect(await entities[entity].names()).toEqual(["A", "B", "C"]);
      const down = await post(
        {
          entity,
          id: String(ids.A),
          direction: "down",
          redirectTo: `/dashboard/admin/${entity}`,
        },
        cookie,
      );
      expect(down.status).toBe(302);
      expect(down.headers.get("Location")).toBe(`/dashboard/admin/${entity}`);
      expect(await entities[entity].names()).toEqual(["B", "A", "C"]);
      const up = await post({ entity, id: String(ids.C), direction: "up" }, cookie);
      expect(up.status).toBe(200);
      expect(await up.json()).toEqual({ ok: true });
      expect(await entities[entity].names()).toEqual(["B", "C", "A"]);
    });
  }

  it("sets a whole order (drag and drop)", async () => {
    const ids = await seed("skills");
    const res = await post({ entity: "skills", order: `${ids.C},${ids.A},${ids.B}` }, cookie);
    expect(res.status).toBe(200);
    expect(await listSkills().then((s) => s.map((r) => r.name))).toEqual(["C", "A", "B"]);
  });

  it("keeps featured projects first on the public list, in the owner's order among them", async () => {
    const ids = await seed("projects");
    await prisma.project.update({ where: { id: ids.C }, data: { featured: true } });
    expect(await entities.projects.names()).toEqual(["C", "A", "B"]);
    await post({ entity: "projects", id: String(ids.B), direction: "up" }, cookie);
    expect(await entities.projects.names()).toEqual(["C", "B", "A"]);
  });

  it.each([
    [{ entity: "widgets", id: "1", direction: "up" }, /Choose what to reorder/],
    [{ entity: "skills", id: "1", direction: "sideways" }, /direction must be up or down/],
    [{ entity: "skills", id: "abc", direction: "up" }, /which item to move/],
    [{ entity: "skills", id: "-3", direction: "up" }, /which item to move/],
    [{ entity: "skills", direction: "up" }, /which item to move/],
    [{ entity: "skills", order: "1,two,3" }, /comma-separated list of ids/],
    [{}, /Choose what to reorder/],
  ])("answers 400 with a readable message for %o", async (fields, message) => {
    await seed("skills");
    const before = await listSkills();
    const res = await post(fields as Record<string, string>, cookie);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(message);
    expect(await listSkills()).toEqual(before);
  });

  it("answers 404 for an id that does not exist", async () => {
    await seed("skills");
    const res = await post({ entity: "skills", id: "999999", direction: "up" }, cookie);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatch(/does not exist/);
  });

  it.each(["https://evil.example/", "//evil.example/x", "/projects", "/dashboardx", ""])(
    "never redirects outside the dashboard (redirectTo %j goes to the list)",
    async (redirectTo) => {
      const ids = await seed("skills");
      const res = await post(
        { entity: "skills", id: String(ids.B), direction: "up", redirectTo },
        cookie,
      );
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/dashboard/admin/skills");
    },
  );

  it("keeps a dashboard redirectTo with its query", async () => {
    const ids = await seed("skills");
    const res = await post(
      {
        entity: "skills",
        id: String(ids.B),
        direction: "up",
        redirectTo: "/dashboard/admin/skills?x=1",
      },
      cookie,
    );
    expect(res.headers.get("Location")).toBe("/dashboard/admin/skills?x=1");
  });

  it("leaves positions 0..n-1 after many concurrent moves through the action", async () => {
    for (const name of ["1", "2", "3", "4", "5"]) await createSkill({ name });
    const ids = (await listSkills()).map((s) => s.id);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 5 === 0
          ? post({ entity: "skills", order: [...ids].reverse().join(",") }, cookie)
          : post(
              {
                entity: "skills",
                id: String(ids[(i * 3) % ids.length]),
                direction: i % 2 ? "up" : "down",
              },
              cookie,
            ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(200));
    const rows = await prisma.skill.findMany({ orderBy: { position: "asc" } });
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ids));
  });

  describe("gallery images", () => {
    async function projectWithGallery(title: string) {
      return prisma.project.create({
        data: {
          title,
          skill: "React",
          level: "Beginner",
          liveView: "https://example.com",
          images: {
            create: ["/a.jpg", "/b.jpg", "/c.jpg"].map((url, position) => ({ url, position })),
          },
        },
        include: { images: { orderBy: { position: "asc" } } },
      });
    }

    it("moves an image and the public project page follows", async () => {
      const project = await projectWithGallery("Gallery");
      const [a, , c] = project.images;
      const res = await post(
        {
          entity: "gallery",
          projectId: String(project.id),
          id: String(c.id),
          direction: "up",
          redirectTo: "/elsewhere",
        },
        cookie,
      );
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/dashboard/admin/portfolio-edit/${project.id}`);
      expect((await getProject(project.id))?.images).toEqual(["/a.jpg", "/c.jpg", "/b.jpg"]);
      await post(
        { entity: "gallery", projectId: String(project.id), id: String(a.id), direction: "down" },
        cookie,
      );
      expect((await getProject(project.id))?.images).toEqual(["/c.jpg", "/a.jpg", "/b.jpg"]);
    });

    it("refuses an image of another project (404) and a missing project id (400)", async () => {
      const one = await projectWithGallery("One");
      const other = await projectWithGallery("Other");
      const wrong = await post(
        {
          entity: "gallery",
          projectId: String(one.id),
          id: String(other.images[1].id),
          direction: "up",
        },
        cookie,
      );
      expect(wrong.status).toBe(404);
      expect((await getProject(other.id))?.images).toEqual(["/a.jpg", "/b.jpg", "/c.jpg"]);
      const missing = await post(
        { entity: "gallery", id: String(one.images[1].id), direction: "up" },
        cookie,
      );
      expect(missing.status).toBe(400);
      expect((await missing.json()).error).toMatch(/which project/);
    });
  });
});
