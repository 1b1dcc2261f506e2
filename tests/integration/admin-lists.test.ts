// What owners expect of the dashboard's lists: skill and category names unique ignoring case
// (dashboard 400 beside the field, REST 409), rename screens for both, and search, filters and
// pages in the URL of every admin list and the inbox (bad values fall back, never a 4xx or 5xx).
import { beforeAll, describe, expect, it } from "vitest";
import * as skillsList from "~/routes/dashboard.admin.skills._index";
import * as skillAdd from "~/routes/dashboard.admin.skills.add";
import * as skillEdit from "~/routes/dashboard.admin.skill-edit.$id";
import * as categoryList from "~/routes/dashboard.admin.category._index";
import * as categoryEdit from "~/routes/dashboard.admin.category-edit.$id";
import * as servicesList from "~/routes/dashboard.admin.services._index";
import * as educationList from "~/routes/dashboard.admin.education._index";
import * as experienceList from "~/routes/dashboard.admin.experience._index";
import * as projectsList from "~/routes/dashboard.admin.projects._index";
import * as messagesList from "~/routes/dashboard.admin.messages._index";
import * as dashboardHome from "~/routes/dashboard._index";
import * as restCollection from "~/rest/collection";
import * as restItem from "~/rest/item";
import { prisma } from "~/models/db.server";
import { LIST_PAGE_SIZE } from "~/utils/list-query";
import { formRequest, getRequest, jsonRequest } from "../support/requests";
import { call, expectLoginRedirect, flashOf, owner, type RouteModule } from "./admin-crud-support";

const SKILLS = "/dashboard/admin/skills";
const CATEGORIES = "/dashboard/admin/category";

async function list(route: RouteModule, path: string) {
  const res = await call(route.loader, getRequest(path, { cookie: await owner() }));
  expect(res.status, path).toBe(200);
  return res.json();
}

const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);

describe("duplicate skill names", () => {
  beforeAll(async () => {
    await prisma.skill.create({ data: { name: "React", position: -100 } });
  });

  it("Add Skill refuses 'react' when 'React' exists: 400, a field message naming it, typed kept", async () => {
    const res = await call(
      skillAdd.action,
      formRequest(`${SKILLS}/add`, { name: "  react " }, { cookie: await owner() }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.dialog.text).toBe("Failed to add Skill.");
    expect(body.error.name).toEqual(['A skill named "React" already exists.']);
    expect(body.initialValue.name).toBe("  react ");
    expect(await prisma.skill.count({ where: { name: { in: ["react", "React"] } } })).toBe(1);
  });

  it("the skill rename refuses another skill's name, takes its own in another case, and says 'No Changes Made'", async () => {
    const cookie = await owner();
    const vue = await prisma.skill.create({ data: { name: "Vue" } });
    const params = { id: String(vue.id) };
    const edit = (name: string) =>
      call(
        skillEdit.action,
        formRequest(`/dashboard/admin/skill-edit/${vue.id}`, { name }, { cookie }),
        params,
      );

    const loaded = await call(
      skillEdit.loader,
      getRequest(`/dashboard/admin/skill-edit/${vue.id}`, { cookie }),
      params,
    );
    expect((await loaded.json()).skill).toEqual({ id: vue.id, name: "Vue" });

    const clash = await edit("REACT");
    expect(clash.status).toBe(400);
    expect((await clash.json()).error.name).toEqual(['A skill named "React" already exists.']);

    const same = await edit("Vue");
    expect(same.status).toBe(200);
    expect((await same.json()).dialog.title).toBe("No Changes Made");

    const recased = await edit("VUE");
    expect(recased.status).toBe(302);
    expect(recased.headers.get("Location")).toBe(SKILLS);
    expect(await flashOf(recased)).toMatchObject({ title: "Skill Updated Successfully!" });
    expect((await prisma.skill.findUnique({ where: { id: vue.id } }))?.name).toBe("VUE");
  });

  it("the edit screens refuse anonymous visitors and answer 404 for an unknown id", async () => {
    const path = "/dashboard/admin/skill-edit/1";
    expectLoginRedirect(await call(skillEdit.loader, getRequest(path), { id: "1" }), path);
    expectLoginRedirect(
      await call(skillEdit.action, formRequest(path, { name: "X" }), { id: "1" }),
      path,
    );
    const cookie = await owner();
    for (const id of ["999999", "abc"]) {
      const res = await call(
        skillEdit.loader,
        getRequest(`/dashboard/admin/skill-edit/${id}`, { cookie }),
        { id },
      );
      expect(res.status).toBe(404);
    }
    const cat = "/dashboard/admin/category-edit/1";
    expectLoginRedirect(await call(categoryEdit.loader, getRequest(cat), { id: "1" }), cat);
  });

  it("REST: POST and PUT /addskill answer 409 with the message for a name another skill has", async () => {
    const cookie = await owner();
    const post = await call(
      restCollection.action,
      jsonRequest("/addskill", { name: "rEaCt" }, { cookie }),
    );
    expect(post.status).toBe(409);
    const refusal = await post.json();
    expect(JSON.stringify(refusal)).toContain('A skill named \\"React\\" already exists.');

    const go = await prisma.skill.create({ data: { name: "Go" } });
    const put = await call(
      restItem.action,
      jsonRequest(`/addskill/${go.id}`, { name: "react" }, { cookie, method: "PUT" }),
      { id: String(go.id) },
    );
    expect(put.status).toBe(409);
    const ok = await call(
      restItem.action,
      jsonRequest(`/addskill/${go.id}`, { name: "GO" }, { cookie, method: "PUT" }),
      { id: String(go.id) },
    );
    expect(ok.status).toBe(200);
  });
});

describe("category rename", () => {
  it("renames through the edit screen, the projects using it follow, and a taken name is refused", async () => {
    const cookie = await owner();
    const old = await prisma.category.create({ data: { name: "Svelte Kit" } });
    await prisma.category.create({ data: { name: "Astro" } });
    const project = await prisma.project.create({
      data: {
        title: "Kit site",
        skill: "Svelte Kit",
        level: "Beginner",
        sourceCode: "https://example.com",
      },
    });
    const params = { id: String(old.id) };
    const path = `/dashboard/admin/category-edit/${old.id}`;

    const clash = await call(
      categoryEdit.action,
      formRequest(path, { name: "astro" }, { cookie }),
      params,
    );
    expect(clash.status).toBe(400);
    expect((await clash.json()).error.name).toEqual(['A category named "Astro" already exists.']);

    const renamed = await call(
      categoryEdit.action,
      formRequest(path, { name: "SvelteKit" }, { cookie }),
      params,
    );
    expect(renamed.status).toBe(302);
    expect(renamed.headers.get("Location")).toBe(CATEGORIES);
    expect(await flashOf(renamed)).toMatchObject({ title: "Category Updated Successfully!" });
    expect((await prisma.project.findUnique({ where: { id: project.id } }))?.skill).toBe(
      "SvelteKit",
    );
  });

  it("REST: POST /addcategory with another's name in other case and spaces is a 409", async () => {
    await prisma.category.create({ data: { name: "Remix" } });
    const res = await call(
      restCollection.action,
      jsonRequest("/addcategory", { name: " REMIX " }, { cookie: await owner() }),
    );
    expect(res.status).toBe(409);
    expect(JSON.stringify(await res.json())).toContain(
      'A category named \\"Remix\\" already exists.',
    );
  });
});

describe("search, filters and pages", () => {
  beforeAll(async () => {
    // 45 skills "Lang 01".."Lang 45", plus names with LIKE's wildcards.
    for (let i = 1; i <= 45; i++)
      await prisma.skill.create({
        data: { name: `Lang ${String(i).padStart(2, "0")}`, position: i },
      });
    for (const name of ["100% CSS", "snake_case", "snakeXcase"])
      await prisma.skill.create({ data: { name, position: 100 } });
  });

  it("pages a long list by LIST_PAGE_SIZE, keeps the search across pages, and clamps bad pages", async () => {
    const first = await list(skillsList, `${SKILLS}?q=lang`);
    expect(first).toMatchObject({ total: 45, page: 1, pageCount: 3, offset: 0 });
    expect(first.query).toEqual({ q: "lang", page: 1, filters: {} });
    expect(names(first.skills)).toHaveLength(LIST_PAGE_SIZE);
    expect(names(first.skills)[0]).toBe("Lang 01");

    const third = await list(skillsList, `${SKILLS}?q=LANG&page=3`);
    expect(third).toMatchObject({ total: 45, page: 3, offset: 40 });
    expect(names(third.skills)).toEqual(["Lang 41", "Lang 42", "Lang 43", "Lang 44", "Lang 45"]);

    expect((await list(skillsList, `${SKILLS}?q=lang&page=99`)).page).toBe(3);
    for (const page of ["0", "-2", "abc", "1.5", "1e309", ""]) {
      expect((await list(skillsList, `${SKILLS}?q=lang&page=${page}`)).page, page).toBe(1);
    }
  });

  it("matches case-insensitively, takes % and _ literally, and every word must match", async () => {
    expect(
      names((await list(skillsList, `${SKILLS}?q=${encodeURIComponent("%")}`)).skills),
    ).toEqual(["100% CSS"]);
    expect(names((await list(skillsList, `${SKILLS}?q=_`)).skills)).toEqual(["snake_case"]);
    expect(names((await list(skillsList, `${SKILLS}?q=css+100`)).skills)).toEqual(["100% CSS"]);
    const none = await list(skillsList, `${SKILLS}?q=zzzz`);
    expect(none).toMatchObject({ total: 0, page: 1, pageCount: 1 });
  });

  it("garbage in the query string never fails: repeated, long, control characters, unknown filters", async () => {
    const long = "x".repeat(5000);
    const data = await list(skillsList, `${SKILLS}?q=${long}&q=again&page=2&page=x&sort=evil`);
    expect(data.query.q).toHaveLength(100);
    expect((await list(skillsList, `${SKILLS}?q=%00%E2%80%AE%20%20`)).query.q).toBe("\u0000\u202e");
    for (const [route, path] of [
      [categoryList, CATEGORIES],
      [servicesList, "/dashboard/admin/services"],
      [educationList, "/dashboard/admin/education"],
      [experienceList, "/dashboard/admin/experience"],
      [projectsList, "/dashboard/admin/projects"],
      [messagesList, "/dashboard/admin/messages"],
    ] as const) {
      const odd = `${path}?q=${encodeURIComponent("'\"%_\\")}&page=-1&level=%FF&status=1&featured[]=x&show=all&folder=x`;
      expect((await list(route, odd)).query.page, path).toBe(1);
      expectLoginRedirect(await call(route.loader, getRequest(`${path}?q=a`)), `${path}?q=a`);
    }
  });

  it("projects: search and filters by skill (any case), level, draft and featured", async () => {
    const make = (title: string, data: Record<string, unknown>) =>
      prisma.project.create({
        data: {
          title,
          skill: "React",
          level: "Beginner",
          sourceCode: "https://example.com",
          ...data,
        },
      });
    await make("Filter Alpha", { level: "Advanced", featured: true });
    await make("Filter Beta", { draft: true });
    await make("Filter Gamma", { skill: "Laravel" });
    const titles = async (query: string) =>
      (await list(projectsList, `/dashboard/admin/projects?q=filter&${query}`)).projects
        .map((p: { title: string }) => p.title)
        .sort();
    expect(await titles("")).toEqual(["Filter Alpha", "Filter Beta", "Filter Gamma"]);
    expect(await titles("skill=laravel")).toEqual(["Filter Gamma"]);
    expect(await titles("level=advanced")).toEqual(["Filter Alpha"]);
    expect(await titles("status=draft")).toEqual(["Filter Beta"]);
    expect(await titles("status=published&skill=React")).toEqual(["Filter Alpha"]);
    expect(await titles("featured=featured")).toEqual(["Filter Alpha"]);
    expect(await titles("featured=not-featured&level=Beginner")).toEqual([
      "Filter Beta",
      "Filter Gamma",
    ]);
    // An unknown value is ignored (the whole list), and said so in the answered query.
    const odd = await list(
      projectsList,
      "/dashboard/admin/projects?q=filter&skill=Nope&level=Expert",
    );
    expect(odd.query.filters).toEqual({ skill: "", level: "", status: "", featured: "" });
    expect(odd.total).toBe(3);
  });

  it("the inbox: search within a folder, unread only, the folder kept", async () => {
    const base = { ip: "203.0.113.9", notifyStatus: "off", subject: "Hello" };
    await prisma.message.createMany({
      data: [
        {
          ...base,
          name: "Ada",
          email: "ada@example.com",
          message: "About a quote",
          folder: "inbox",
        },
        {
          ...base,
          name: "Bob",
          email: "bob@example.com",
          message: "A quote please",
          folder: "inbox",
          readAt: new Date(),
        },
        { ...base, name: "Cy", email: "cy@example.com", message: "quote in spam", folder: "spam" },
      ],
    });
    const who = async (query: string) =>
      (await list(messagesList, `/dashboard/admin/messages?${query}`)).items.map(
        (m: { name: string }) => m.name,
      );
    expect(await who("q=QUOTE")).toEqual(["Bob", "Ada"]);
    expect(await who("q=quote&show=unread")).toEqual(["Ada"]);
    expect(await who("q=quote&folder=spam")).toEqual(["Cy"]);
    expect(await who("q=ada%40example")).toEqual(["Ada"]);
  });
});

describe("dashboard home", () => {
  it("each Recent Projects row links to the project's admin view", async () => {
    const project = await prisma.project.create({
      data: {
        title: "Newest one",
        skill: "React",
        level: "Beginner",
        sourceCode: "https://example.com",
      },
    });
    const data = await list(dashboardHome, "/dashboard");
    expect(data.recent[0]).toMatchObject({ id: project.id, title: "Newest one" });
  });
});
