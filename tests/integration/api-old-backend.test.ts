// Lenient where the old backend was: through the REST API, projects take what it stored (any
// skill text, a free-text date, a budget as text, a level in any case, empty or null optional
// texts, no link) and the other entities take empty or null optional texts on POST and PUT; what
// Folio must refuse stays refused with a clear message (api-bad-input.test.ts has the full list).
// Such a project shows correctly on the public pages, and the dashboard's Edit Project (no
// JavaScript: plain form posts) keeps its skill and says what date is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import {
  anonymous,
  API_TOKEN,
  call,
  expectError,
  OWNER_EMAIL,
  OWNER_PASSWORD,
  queryOne,
  signIn,
  snapshot,
  withCookie,
  withToken,
} from "./api-client";

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: { OWNER_EMAIL, OWNER_PASSWORD, API_TOKEN, RATE_LIMIT_DISABLED: "1" },
  });
  cookie = await signIn(server);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const owner = withToken();

/** A project as the old backend's client sends it. */
const oldProject = (overrides: Record<string, unknown> = {}) => ({
  title: `Old shop ${Math.random().toString(36).slice(2, 8)}`,
  subtitle: null,
  clientName: "Acme",
  date: "Spring 2021",
  service: "Web shop",
  budget: "$1,200",
  shortDescription: "A shop built in Vue",
  skill: "Vue",
  level: "advanced",
  liveUrl: "",
  sourceCode: null,
  thumbnail: "https://i.ibb.co/abc/shop.png",
  images: [null, "https://i.ibb.co/abc/1.png"],
  featured: true,
  ...overrides,
});

describe("projects take what the old backend stored", () => {
  it("POST: any skill text, a free-text date, budget text, a level in any case, nulls, no link", async () => {
    const body = oldProject();
    const created = await call(server, owner, "POST", "/addprotfolio", body);
    expect(created.status, created.text).toBe(201);
    const one = await call(server, anonymous, "GET", `/addprotfolio/${created.json.insertedId}`);
    expect(one.json).toMatchObject({
      title: body.title,
      subtitle: "",
      date: "Spring 2021",
      budget: 1200,
      skill: "Vue",
      level: "Advanced",
      liveView: "",
      liveUrl: "",
      sourceCode: "",
      images: ["https://i.ibb.co/abc/1.png"],
    });
    await call(server, owner, "DELETE", `/addprotfolio/${created.json.insertedId}`);
  });

  it("PUT merges over the record with the same rules (budget as a numeric string, emptied texts)", async () => {
    const created = await call(server, owner, "POST", "/addprotfolio", oldProject());
    const id = created.json.insertedId;
    const put = await call(server, owner, "PUT", `/addprotfolio/${id}`, {
      budget: "2500",
      date: "2021–2022",
      clientName: null,
      skill: "jQuery",
      level: "BEGINNER",
    });
    expect(put.json).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      success: true,
    });
    const one = await call(server, anonymous, "GET", `/addprotfolio/${id}`);
    expect(one.json).toMatchObject({
      budget: 2500,
      date: "2021–2022",
      clientName: "",
      skill: "jQuery",
      level: "Beginner",
      service: "Web shop", // left out: kept
    });
    await call(server, owner, "DELETE", `/addprotfolio/${id}`);
  });

  it("still refuses, with a clear message, a level outside the three, a budget with no number and a bad URL", async () => {
    const before = snapshot(server);
    const level = await call(server, owner, "POST", "/addprotfolio", oldProject({ level: "Guru" }));
    expectError(level, 400, /Level must be Beginner, Intermediate or Advanced/);
    const budget = await call(
      server,
      owner,
      "POST",
      "/addprotfolio",
      oldProject({ budget: "TBD" }),
    );
    expectError(budget, 400, /Budget must be a number/);
    const link = await call(
      server,
      owner,
      "POST",
      "/addprotfolio",
      oldProject({ liveUrl: "javascript:alert(1)" }),
    );
    expectError(link, 400, /Live View URL must be a full URL starting with http/);
    expect(snapshot(server)).toEqual(before);
  });
});

describe("other entities take empty or null optional texts on POST and PUT", () => {
  it("education: a null description on POST, an emptied one on PUT", async () => {
    const created = await call(server, owner, "POST", "/addeducation", {
      degree: "BSc",
      institution: "Old University",
      year: "2015",
      description: null,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.insertedId;
    await call(server, owner, "PUT", `/addeducation/${id}`, { description: "Thesis" });
    const put = await call(server, owner, "PUT", `/addeducation/${id}`, { description: "" });
    expect(put.status, put.text).toBe(200);
    expect(put.json.modifiedCount).toBe(1);
    expect((await call(server, anonymous, "GET", `/addeducation/${id}`)).json.description).toBe("");
    await call(server, owner, "DELETE", `/addeducation/${id}`);
  });

  it("experience, services and the profile: null optional texts", async () => {
    const experience = await call(server, owner, "POST", "/addexperience", {
      title: "Dev",
      institution: "Old Co",
      year: "2019",
      description: null,
    });
    expect(experience.status, experience.text).toBe(201);
    const put = await call(server, owner, "PUT", `/addexperience/${experience.json.insertedId}`, {
      description: null,
    });
    expect(put.json.modifiedCount).toBe(0);
    const service = await call(server, owner, "POST", "/addfeather", {
      title: "Hosting",
      subtitle: null,
    });
    expect(service.status, service.text).toBe(201);
    const [profile] = (await call(server, anonymous, "GET", "/adduser")).json;
    const profilePut = await call(server, owner, "PUT", `/adduser/${profile._id}`, {
      number: null,
    });
    expect(profilePut.status, profilePut.text).toBe(200);
    await call(server, owner, "PUT", `/adduser/${profile._id}`, { number: profile.number });
    await call(server, owner, "DELETE", `/addexperience/${experience.json.insertedId}`);
    await call(server, owner, "DELETE", `/addfeather/${service.json.insertedId}`);
  });
});

describe("the public pages show an old project as it was stored", () => {
  it("/projects lists it, /projects/{id} shows its skill and free-text date, the skill pages keep exact matches", async () => {
    const vue = await call(server, owner, "POST", "/addprotfolio", oldProject());
    const lower = await call(
      server,
      owner,
      "POST",
      "/addprotfolio",
      oldProject({ skill: "react", date: "2020-02-29", title: "Lower-case react" }),
    );
    const title = (await call(server, anonymous, "GET", `/addprotfolio/${vue.json.insertedId}`))
      .json.title;

    const list = await fetch(`${server.url}/projects`);
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    expect(listHtml).toContain(title);
    expect(listHtml).toContain(`/projects/${vue.json.insertedId}`);

    const page = await fetch(`${server.url}/projects/${vue.json.insertedId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(">Vue<");
    expect(html).toContain(">Spring 2021<");
    expect(html).not.toMatch(/Invalid Date|January 1, 2021/);
    expect(html).not.toContain('"dateCreated":"Spring 2021"');
    // An ISO date is still written out in words.
    const iso = await (await fetch(`${server.url}/projects/${lower.json.insertedId}`)).text();
    expect(iso).toContain("February 29, 2020");

    const react = await (await fetch(`${server.url}/projects/react`)).text();
    const laravel = await (await fetch(`${server.url}/projects/laravel`)).text();
    for (const html of [react, laravel]) {
      expect(html).not.toContain(title);
      expect(html).not.toContain("Lower-case react");
    }
    for (const id of [vue.json.insertedId, lower.json.insertedId]) {
      await call(server, owner, "DELETE", `/addprotfolio/${id}`);
    }
  });
});

describe("Edit Project with an old project (no JavaScript: plain form posts)", () => {
  /** Every field of the edit form, as the browser posts it. */
  const formOf = (values: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.append(key, value);
    return form;
  };
  const complete = (title: string) => ({
    title,
    subtitle: "A shop",
    skill: "Vue",
    level: "Advanced",
    clientName: "Acme",
    date: "",
    service: "Web shop",
    budget: "1200",
    liveView: "https://shop.example",
    sourceCode: "",
    shortDescription: "A shop built in Vue",
    strategy: "",
    design: "",
    userExperience: "",
    longDescription: "",
    thumbnail: "https://i.ibb.co/abc/shop.png",
  });

  it("offers the current skill, says what date is stored, and saves without touching the skill", async () => {
    const created = await call(
      server,
      owner,
      "POST",
      "/addprotfolio",
      oldProject({ subtitle: "A shop", liveUrl: "https://shop.example", images: [] }),
    );
    const id = created.json.insertedId;
    const url = `/dashboard/admin/portfolio-edit/${id}`;
    const title = (await call(server, anonymous, "GET", `/addprotfolio/${id}`)).json.title;
    const asOwner = withCookie(server, cookie);

    const page = await fetch(`${server.url}${url}`, { headers: asOwner.headers });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<option value="Vue" selected="">Vue \(not a category\)<\/option>/);
    expect(html).toContain("Stored as “Spring 2021”");
    expect(html).toMatch(/<input[^>]*name="date"[^>]*value=""/);

    // The date is asked for (Edit Project requires one): refused, the hint still there.
    const noDate = await call(server, asOwner, "POST", url, formOf(complete(title)));
    expect(noDate.status).toBe(400);
    // Rendered beside the field by the server (no JavaScript), what was typed kept.
    expect(noDate.text).toMatch(
      /<p id="project-edit-date-error"[^>]*>Date is required\. Stored as “Spring 2021”: choose the date it stands for\.<\/p>/,
    );
    expect(noDate.text).toMatch(/<input[^>]*name="service"[^>]*value="Web shop"/);
    expect(noDate.text).toMatch(/<option value="Vue" selected="">Vue \(not a category\)<\/option>/);

    // Another skill that is not a category is still refused.
    const other = await call(
      server,
      asOwner,
      "POST",
      url,
      formOf({ ...complete(title), skill: "Cobol", date: "2021-04-01" }),
    );
    expect(other.status).toBe(400);
    expect(other.text).toMatch(
      /<p id="project-edit-skill-error"[^>]*>Choose a skill from the category list<\/p>/,
    );

    const saved = await call(
      server,
      asOwner,
      "POST",
      url,
      formOf({ ...complete(title), date: "2021-04-01" }),
    );
    expect(saved.status, saved.text).toBe(302);
    expect(saved.headers.get("location")).toBe("/dashboard/admin/projects");
    expect(
      queryOne(server, `SELECT skill, date, level FROM "Project" WHERE id = ?`, Number(id)),
    ).toEqual({ skill: "Vue", date: "2021-04-01", level: "Advanced" });
    await call(server, owner, "DELETE", `/addprotfolio/${id}`);
  });
});
