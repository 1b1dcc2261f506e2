// Contract tests of the REST compatibility API (spec section 7) against the production server:
// every call, its status and the exact fields the old client reads, as the owner (session
// cookie and API token) and as anonymous (every write refused with 401, nothing changed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import {
  anonymous,
  API_TOKEN,
  call,
  expectError,
  ITEM_FIELDS,
  OWNER_EMAIL,
  OWNER_PASSWORD,
  pngBlob,
  projectBody,
  queryOne,
  signIn,
  snapshot,
  withCookie,
  withToken,
  type Caller,
} from "./api-client";

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: {
      OWNER_EMAIL,
      OWNER_PASSWORD,
      API_TOKEN,
      RATE_LIMIT_DISABLED: "1",
    },
  });
  cookie = await signIn(server);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const LIST_PATHS = Object.keys(ITEM_FIELDS) as Array<keyof typeof ITEM_FIELDS>;

describe("reads are public and carry the old client's fields", () => {
  it.each(LIST_PATHS)(
    "GET %s answers an array of items with _id, id and the spec's fields",
    async (path) => {
      const res = await call(server, anonymous, "GET", path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(Array.isArray(res.json)).toBe(true);
      expect(res.json.length).toBeGreaterThan(0);
      for (const item of res.json) {
        expect(Object.keys(item).sort()).toEqual([...ITEM_FIELDS[path]].sort());
        expect(typeof item.id).toBe("number");
        expect(item._id).toBe(String(item.id));
      }
    },
  );

  it("GET /adduser never carries a password hash, a session or the owner's login", async () => {
    const res = await call(server, anonymous, "GET", "/adduser");
    const session = queryOne<{ id: string }>(server, `SELECT id FROM "Session" LIMIT 1`);
    const owner = queryOne<{ passwordHash: string }>(server, `SELECT passwordHash FROM "Owner"`);
    expect(session?.id).toBeTruthy();
    expect(res.text).not.toContain(owner!.passwordHash);
    expect(res.text).not.toContain(session!.id);
    expect(res.text).not.toMatch(/password|hash|session|secret|token/i);
    expect(res.text).not.toContain(OWNER_EMAIL);
  });

  it("GET /addprotfolio items carry liveUrl as an alias of liveView, images as an array and budget as a number", async () => {
    const res = await call(server, anonymous, "GET", "/addprotfolio");
    for (const p of res.json) {
      expect(p.liveUrl).toBe(p.liveView);
      expect(Array.isArray(p.images)).toBe(true);
      expect(p.budget === null || typeof p.budget === "number").toBe(true);
      expect(["Beginner", "Intermediate", "Advanced"]).toContain(p.level);
    }
    expect(res.json.some((p: { budget: unknown }) => typeof p.budget === "number")).toBe(true);
  });

  it.each([
    "/adduser",
    "/addskill",
    "/addcategory",
    "/addfeather",
    "/addprotfolio",
    "/addeducation",
    "/addexperience",
  ])(
    "GET %s/{id} answers the same object as the list item, and 404 JSON for an unknown id",
    async (path) => {
      const list = await call(server, anonymous, "GET", path);
      const first = list.json[0];
      const one = await call(server, anonymous, "GET", `${path}/${first.id}`);
      expect(one.status).toBe(200);
      expect(one.json).toEqual(first);
      const missing = await call(server, anonymous, "GET", `${path}/999999`);
      expectError(missing, 404, /999999/);
      expect(missing.json).toEqual({ success: false, error: missing.json.error });
      expectError(await call(server, anonymous, "GET", `${path}/abc`), 400, /id/);
      expectError(await call(server, anonymous, "GET", `${path}/0`), 400, /id/);
    },
  );
});

/** The owner, asking one way or the other. */
const owners: Array<[string, () => Caller]> = [
  ["session cookie", () => withCookie(server, cookie)],
  ["API token", () => withToken()],
];

describe.each(owners)("the owner writes (%s)", (_label, owner) => {
  it("POST /addskill creates a skill (201, insertedId), DELETE /addskill/{id} deletes it", async () => {
    const name = `Skill ${Date.now()}`;
    const created = await call(server, owner(), "POST", "/addskill", { name });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      acknowledged: true,
      insertedId: expect.stringMatching(/^\d+$/),
      success: true,
    });
    const id = created.json.insertedId;
    const list = await call(server, anonymous, "GET", "/addskill");
    expect(list.json[0]).toEqual({ _id: id, id: Number(id), name });
    const deleted = await call(server, owner(), "DELETE", `/addskill/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ acknowledged: true, deletedCount: 1 });
    const again = await call(server, owner(), "DELETE", `/addskill/${id}`);
    expectError(again, 404);
    expect(again.json.deletedCount).toBe(0);
  });

  it("PUT /addskill/{id} renames a skill (modifiedCount 1, then 0 unchanged), GET /addskill/{id} reads it", async () => {
    const name = `Skill ${Date.now()}`;
    const created = await call(server, owner(), "POST", "/addskill", { name });
    const id = created.json.insertedId;
    const one = await call(server, anonymous, "GET", `/addskill/${id}`);
    expect(one.status).toBe(200);
    expect(one.json).toEqual({ _id: id, id: Number(id), name });
    const put = await call(server, owner(), "PUT", `/addskill/${id}`, { name: `${name} 2` });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      success: true,
    });
    const same = await call(server, owner(), "PUT", `/addskill/${id}`, { name: `${name} 2` });
    expect(same.json).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 0,
      success: true,
    });
    // An empty body keeps every field (fields left out keep their values).
    expect((await call(server, owner(), "PUT", `/addskill/${id}`, {})).json.modifiedCount).toBe(0);
    const after = await call(server, anonymous, "GET", `/addskill/${id}`);
    expect(after.json).toEqual({ _id: id, id: Number(id), name: `${name} 2` });
    await call(server, owner(), "DELETE", `/addskill/${id}`);
    expectError(await call(server, anonymous, "GET", `/addskill/${id}`), 404, /No skill with id/);
    const gone = await call(server, owner(), "PUT", `/addskill/${id}`, { name });
    expectError(gone, 404, new RegExp(`No skill with id ${id}\\.`));
    expect(gone.json).toMatchObject({ acknowledged: true, matchedCount: 0, modifiedCount: 0 });
  });

  it("PUT /addcategory/{id}: a rename carries over to the projects using it, in any case but another's name (409)", async () => {
    const stamp = Date.now();
    const created = await call(server, owner(), "POST", "/addcategory", { name: `Old ${stamp}` });
    const id = created.json.insertedId;
    const other = await call(server, owner(), "POST", "/addcategory", { name: `Other ${stamp}` });
    const project = await call(
      server,
      owner(),
      "POST",
      "/addprotfolio",
      projectBody({ skill: `Old ${stamp}` }),
    );
    expect((await call(server, anonymous, "GET", `/addcategory/${id}`)).json).toEqual({
      _id: id,
      id: Number(id),
      name: `Old ${stamp}`,
    });

    const before = snapshot(server);
    const clash = await call(server, owner(), "PUT", `/addcategory/${id}`, {
      name: `OTHER ${stamp}`,
    });
    expectError(clash, 409, new RegExp(`A category named "Other ${stamp}" already exists\\.`));
    expect(clash.json.fields).toEqual({ name: clash.json.error });
    expect(snapshot(server)).toEqual(before);

    // Its own name in another case is fine.
    const recased = await call(server, owner(), "PUT", `/addcategory/${id}`, {
      name: `OLD ${stamp}`,
    });
    expect(recased.json).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      success: true,
    });
    const renamed = await call(server, owner(), "PUT", `/addcategory/${id}`, {
      name: `New ${stamp}`,
    });
    expect(renamed.json.modifiedCount).toBe(1);
    const same = await call(server, owner(), "PUT", `/addcategory/${id}`, { name: `New ${stamp}` });
    expect(same.json.modifiedCount).toBe(0);
    const used = await call(server, anonymous, "GET", `/addprotfolio/${project.json.insertedId}`);
    expect(used.json.skill).toBe(`New ${stamp}`);
    expect(
      queryOne(server, `SELECT COUNT(*) AS n FROM "Project" WHERE skill LIKE ?`, `Old ${stamp}`),
    ).toEqual({ n: 0 });
    // Still in use under its new name: not deleted.
    expectError(await call(server, owner(), "DELETE", `/addcategory/${id}`), 409, /project/);
    await call(server, owner(), "DELETE", `/addprotfolio/${project.json.insertedId}`);
    await call(server, owner(), "DELETE", `/addcategory/${id}`);
    await call(server, owner(), "DELETE", `/addcategory/${other.json.insertedId}`);
  });

  it("POST /addcategory creates, a duplicate name is a 409, DELETE /addcategory/{id} deletes", async () => {
    const name = `Category ${Date.now()}`;
    const created = await call(server, owner(), "POST", "/addcategory", { name });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ acknowledged: true, success: true });
    const dup = await call(server, owner(), "POST", "/addcategory", { name: name.toUpperCase() });
    expectError(dup, 409, /already exists/);
    const list = await call(server, anonymous, "GET", "/addcategory");
    expect(list.json.filter((c: { name: string }) => c.name === name)).toHaveLength(1);
    const deleted = await call(
      server,
      owner(),
      "DELETE",
      `/addcategory/${created.json.insertedId}`,
    );
    expect(deleted.json).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  it("DELETE /addcategory/{id} is refused with 409 while projects use the category", async () => {
    const categories = await call(server, anonymous, "GET", "/addcategory");
    const react = categories.json.find((c: { name: string }) => c.name === "React");
    const before = snapshot(server);
    const res = await call(server, owner(), "DELETE", `/addcategory/${react.id}`);
    expectError(res, 409, /project/);
    expect(res.json.deletedCount).toBe(0);
    expect(snapshot(server)).toEqual(before);
  });

  it("services: POST, GET one, PUT (modifiedCount 1, then 0 unchanged; icon kept), DELETE", async () => {
    const created = await call(server, owner(), "POST", "/addfeather", {
      title: "API service",
      subtitle: "First",
      icon: "cloud",
    });
    expect(created.status).toBe(201);
    const id = created.json.insertedId;
    const one = await call(server, anonymous, "GET", `/addfeather/${id}`);
    expect(one.json).toEqual({
      _id: id,
      id: Number(id),
      title: "API service",
      subtitle: "First",
      icon: "cloud",
    });
    // The old client sends only {title, subtitle}: the icon stays.
    const body = { title: "API service 2", subtitle: "Second" };
    const put = await call(server, owner(), "PUT", `/addfeather/${id}`, body);
    expect(put.status).toBe(200);
    expect(put.json).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      success: true,
    });
    const same = await call(server, owner(), "PUT", `/addfeather/${id}`, body);
    expect(same.json).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 0,
      success: true,
    });
    const after = await call(server, anonymous, "GET", `/addfeather/${id}`);
    expect(after.json).toMatchObject({ ...body, icon: "cloud" });
    const deleted = await call(server, owner(), "DELETE", `/addfeather/${id}`);
    expect(deleted.json).toEqual({ acknowledged: true, deletedCount: 1 });
    expectError(await call(server, anonymous, "GET", `/addfeather/${id}`), 404);
  });

  it("projects: POST with every field (liveUrl alias, images with nulls), GET, PUT, DELETE", async () => {
    const { liveView, ...rest } = projectBody();
    const created = await call(server, owner(), "POST", "/addprotfolio", {
      ...rest,
      liveUrl: liveView,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ acknowledged: true, success: true });
    const id = created.json.insertedId;
    const one = await call(server, anonymous, "GET", `/addprotfolio/${id}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({
      _id: id,
      id: Number(id),
      title: rest.title,
      liveView,
      liveUrl: liveView,
      budget: 1200,
      images: ["https://example.com/1.png", "https://example.com/2.png"],
      skill: "React",
      level: "Advanced",
      draft: false,
    });
    const list = await call(server, anonymous, "GET", "/addprotfolio");
    expect(list.json.find((p: { _id: string }) => p._id === id)).toEqual(one.json);

    const update = projectBody({ title: `${rest.title} (edited)`, budget: "1500" });
    const put = await call(server, owner(), "PUT", `/addprotfolio/${id}`, update);
    expect(put.json).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      success: true,
    });
    const same = await call(server, owner(), "PUT", `/addprotfolio/${id}`, update);
    expect(same.json).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 0,
      success: true,
    });
    // Fields left out keep their values (the old edit screen sends no gallery).
    const { images: _images, ...withoutImages } = update;
    const partial = await call(server, owner(), "PUT", `/addprotfolio/${id}`, withoutImages);
    expect(partial.json.modifiedCount).toBe(0);
    const edited = await call(server, anonymous, "GET", `/addprotfolio/${id}`);
    expect(edited.json).toMatchObject({ title: update.title, budget: 1500 });
    expect(edited.json.images).toHaveLength(2);

    const deleted = await call(server, owner(), "DELETE", `/addprotfolio/${id}`);
    expect(deleted.json).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(queryOne(server, `SELECT id FROM "ProjectImage" WHERE projectId = ?`, Number(id))).toBe(
      undefined,
    );
  });

  it("education: POST, GET one, PUT (1 then 0), DELETE", async () => {
    const body = { degree: "MSc", institution: "API University", year: "2020", description: "" };
    const created = await call(server, owner(), "POST", "/addeducation", body);
    expect(created.status).toBe(201);
    const id = created.json.insertedId;
    expect((await call(server, anonymous, "GET", `/addeducation/${id}`)).json).toEqual({
      _id: id,
      id: Number(id),
      ...body,
    });
    const update = { ...body, description: "Thesis on APIs" };
    const put = await call(server, owner(), "PUT", `/addeducation/${id}`, update);
    expect(put.json).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      success: true,
    });
    const same = await call(server, owner(), "PUT", `/addeducation/${id}`, update);
    expect(same.json.modifiedCount).toBe(0);
    const deleted = await call(server, owner(), "DELETE", `/addeducation/${id}`);
    expect(deleted.json).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  it("experience: POST, listed first, GET one, PUT (1 then 0, fields left out kept), DELETE", async () => {
    const body = {
      title: "API engineer",
      institution: "Folio",
      year: "6 months+",
      description: "x",
    };
    const created = await call(server, owner(), "POST", "/addexperience", body);
    expect(created.status).toBe(201);
    const id = created.json.insertedId;
    const list = await call(server, anonymous, "GET", "/addexperience");
    expect(list.json[0]).toEqual({ _id: id, id: Number(id), ...body });
    const put = await call(server, owner(), "PUT", `/addexperience/${id}`, { year: "2 years" });
    expect(put.json).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      success: true,
    });
    const same = await call(server, owner(), "PUT", `/addexperience/${id}`, { year: "2 years" });
    expect(same.json.modifiedCount).toBe(0);
    const one = await call(server, anonymous, "GET", `/addexperience/${id}`);
    expect(one.json).toEqual({ _id: id, id: Number(id), ...body, year: "2 years" });
    const deleted = await call(server, owner(), "DELETE", `/addexperience/${id}`);
    expect(deleted.json).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  it("profile: PUT /adduser/{id} with the whole object (modifiedCount 1, then 0), then restored", async () => {
    const [profile] = (await call(server, anonymous, "GET", "/adduser")).json;
    expect((await call(server, anonymous, "GET", `/adduser/${profile._id}`)).json).toEqual(profile);
    const changed = { ...profile, address: `Somewhere ${Date.now()}` };
    const put = await call(server, owner(), "PUT", `/adduser/${profile._id}`, changed);
    expect(put.json).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      success: true,
    });
    const same = await call(server, owner(), "PUT", `/adduser/${profile._id}`, changed);
    expect(same.json.modifiedCount).toBe(0);
    expect((await call(server, anonymous, "GET", "/adduser")).json[0]).toEqual(changed);
    const restore = await call(server, owner(), "PUT", `/adduser/${profile._id}`, {
      address: profile.address,
    });
    expect(restore.json.modifiedCount).toBe(1);
    expect((await call(server, anonymous, "GET", "/adduser")).json[0]).toEqual(profile);
  });

  it("form-encoded bodies work too (repeated images, checkbox-style booleans)", async () => {
    const skill = await call(
      server,
      owner(),
      "POST",
      "/addskill",
      new URLSearchParams({ name: "Form skill" }),
    );
    expect(skill.status).toBe(201);
    await call(server, owner(), "DELETE", `/addskill/${skill.json.insertedId}`);
    const form = new URLSearchParams({
      title: "Form project",
      sourceCode: "https://github.com/example/form",
      skill: "Laravel",
      level: "Beginner",
      draft: "on",
    });
    form.append("images", "https://example.com/a.png");
    form.append("images", "https://example.com/b.png");
    const created = await call(server, owner(), "POST", "/addprotfolio", form);
    expect(created.status).toBe(201);
    const id = created.json.insertedId;
    const one = await call(server, owner(), "GET", `/addprotfolio/${id}`);
    expect(one.json).toMatchObject({
      draft: true,
      images: ["https://example.com/a.png", "https://example.com/b.png"],
    });
    await call(server, owner(), "DELETE", `/addprotfolio/${id}`);
  });
});

describe("drafts", () => {
  it("are hidden from anonymous reads and shown to the owner (cookie or token)", async () => {
    const created = await call(
      server,
      withToken(),
      "POST",
      "/addprotfolio",
      projectBody({ draft: true }),
    );
    const id = created.json.insertedId;
    const anonList = await call(server, anonymous, "GET", "/addprotfolio");
    expect(anonList.json.some((p: { _id: string }) => p._id === id)).toBe(false);
    expectError(await call(server, anonymous, "GET", `/addprotfolio/${id}`), 404);
    for (const owner of [withToken(), withCookie(server, cookie)]) {
      const list = await call(server, owner, "GET", "/addprotfolio");
      expect(list.json.find((p: { _id: string }) => p._id === id)?.draft).toBe(true);
      expect((await call(server, owner, "GET", `/addprotfolio/${id}`)).json.draft).toBe(true);
    }
    // A wrong token reads like anyone else.
    const wrong = await call(server, withToken("nope"), "GET", "/addprotfolio");
    expect(wrong.json.some((p: { _id: string }) => p._id === id)).toBe(false);
    await call(server, withToken(), "DELETE", `/addprotfolio/${id}`);
  });
});

/** Every write of section 7 (plus the skill, category and experience edits and /upload), with a valid body. */
function writes(ids: Record<string, string>): Array<[string, string, unknown]> {
  return [
    ["PUT", `/adduser/${ids.profile}`, { name: "Intruder" }],
    ["POST", "/addskill", { name: "Intruder" }],
    ["PUT", `/addskill/${ids.skill}`, { name: "Intruder" }],
    ["DELETE", `/addskill/${ids.skill}`, undefined],
    ["POST", "/addcategory", { name: "Intruder" }],
    ["PUT", `/addcategory/${ids.category}`, { name: "Intruder" }],
    ["DELETE", `/addcategory/${ids.category}`, undefined],
    ["POST", "/addfeather", { title: "Intruder", subtitle: "x" }],
    ["PUT", `/addfeather/${ids.service}`, { title: "Intruder", subtitle: "x" }],
    ["DELETE", `/addfeather/${ids.service}`, undefined],
    ["POST", "/addprotfolio", projectBody()],
    ["PUT", `/addprotfolio/${ids.project}`, projectBody()],
    ["DELETE", `/addprotfolio/${ids.project}`, undefined],
    ["POST", "/addeducation", { degree: "x", institution: "x", year: "x", description: "x" }],
    ["PUT", `/addeducation/${ids.education}`, { degree: "Intruder" }],
    ["DELETE", `/addeducation/${ids.education}`, undefined],
    ["POST", "/addexperience", { title: "x", institution: "x", year: "x", description: "x" }],
    ["PUT", `/addexperience/${ids.experience}`, { title: "Intruder" }],
    ["DELETE", `/addexperience/${ids.experience}`, undefined],
    ["POST", "/upload", "multipart"],
  ];
}

async function existingIds() {
  const first = async (path: string) =>
    (await call(server, anonymous, "GET", path)).json.at(-1)._id as string;
  return {
    profile: await first("/adduser"),
    skill: await first("/addskill"),
    category: await first("/addcategory"),
    service: await first("/addfeather"),
    project: await first("/addprotfolio"),
    education: await first("/addeducation"),
    experience: await first("/addexperience"),
  };
}

describe("anonymous and wrong-token writes are refused with 401 JSON and change nothing", () => {
  const callers: Array<[string, () => Caller]> = [
    ["anonymous", () => anonymous],
    ["a wrong API token", () => withToken("wrong-token")],
    [
      "an expired-looking cookie",
      // As a browser sends it: with its Origin (a cookie with neither Origin nor Referer is
      // refused 403 by the cross-site guard before authentication).
      () => ({ headers: { Cookie: "__Host-folio_session=forged", Origin: server.url }, label: "" }),
    ],
    ["an empty Bearer header", () => ({ headers: { Authorization: "Bearer " }, label: "" })],
  ];
  it.each(callers)("as %s", async (_label, caller) => {
    const ids = await existingIds();
    const before = snapshot(server);
    for (const [method, path, body] of writes(ids)) {
      let payload = body;
      if (body === "multipart") {
        payload = new FormData();
        (payload as FormData).append("image", await pngBlob(), "a.png");
      }
      const res = await call(server, caller(), method, path, payload);
      expectError(res, 401, /owner|token/i);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    expect(snapshot(server)).toEqual(before);
  });

  it("a valid session cookie does not help a wrong Bearer token", async () => {
    const before = snapshot(server);
    const res = await call(
      server,
      {
        headers: { ...withCookie(server, cookie).headers, Authorization: "Bearer wrong" },
        label: "",
      },
      "POST",
      "/addskill",
      { name: "Intruder" },
    );
    expectError(res, 401, /token/);
    expect(snapshot(server)).toEqual(before);
  });
});

describe("POST /upload", () => {
  it("stores an image for the owner and answers { data: { url } } with /images/KEY", async () => {
    const form = new FormData();
    form.append("image", await pngBlob(120, 80), "photo.png");
    const res = await call(server, withToken(), "POST", "/upload", form);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.url).toMatch(/^\/images\/[A-Za-z0-9_-]{8,64}$/);
    expect(res.json.data.display_url).toBe(`${server.url}${res.json.data.url}`);
    const image = await fetch(`${server.url}${res.json.data.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\//);

    // The url is accepted by the project schema; deleting the project removes the unused image.
    const created = await call(
      server,
      withCookie(server, cookie),
      "POST",
      "/addprotfolio",
      projectBody({ thumbnail: res.json.data.url, images: [] }),
    );
    expect(created.status).toBe(201);
    const one = await call(server, anonymous, "GET", `/addprotfolio/${created.json.insertedId}`);
    // Answered absolute (clients on other origins), stored as the reference.
    expect(one.json.thumbnail).toBe(res.json.data.display_url);
    expect(
      queryOne(server, `SELECT thumbnail FROM "Project" WHERE id = ?`, Number(one.json.id)),
    ).toEqual({ thumbnail: res.json.data.url });
    await call(server, withToken(), "DELETE", `/addprotfolio/${created.json.insertedId}`);
    expect((await fetch(`${server.url}${res.json.data.url}`)).status).toBe(404);
  });

  it("PUT /adduser/{id} with a new image removes the replaced upload", async () => {
    const upload = async () => {
      const form = new FormData();
      form.append("image", await pngBlob(90, 90), "me.png");
      const res = await call(server, withToken(), "POST", "/upload", form);
      expect(res.status).toBe(200);
      return res.json.data.url as string;
    };
    const [profile] = (await call(server, anonymous, "GET", "/adduser")).json;
    const first = await upload();
    const put1 = await call(server, withToken(), "PUT", `/adduser/${profile._id}`, {
      image: first,
    });
    expect(put1.json.modifiedCount).toBe(1);
    const second = await upload();
    await call(server, withToken(), "PUT", `/adduser/${profile._id}`, { image: second });
    expect((await fetch(`${server.url}${first}`)).status).toBe(404);
    expect((await fetch(`${server.url}${second}`)).status).toBe(200);
    await call(server, withToken(), "PUT", `/adduser/${profile._id}`, { image: profile.image });
    expect((await fetch(`${server.url}${second}`)).status).toBe(404);
    expect((await call(server, anonymous, "GET", "/adduser")).json[0]).toEqual(profile);
  });

  it("refuses a non-image, a missing file and a non-multipart body with 4xx JSON", async () => {
    const before = snapshot(server);
    const text = new FormData();
    text.append("image", new Blob(["not an image"], { type: "image/png" }), "fake.png");
    expectError(
      await call(server, withToken(), "POST", "/upload", text),
      400,
      /Image upload failed/,
    );
    const empty = new FormData();
    empty.append("other", "x");
    expectError(await call(server, withToken(), "POST", "/upload", empty), 400, /image/);
    expectError(
      await call(server, withToken(), "POST", "/upload", { image: "x" }),
      415,
      /multipart/,
    );
    expect(snapshot(server)).toEqual(before);
  });
});

describe("POST /sendmail (the one public write)", () => {
  it("stores the message and answers { success: true }", async () => {
    const subject = `API hello ${Date.now()}`;
    const res = await call(server, anonymous, "POST", "/sendmail", {
      name: "Visitor",
      email: "visitor@example.com",
      subject,
      message: "Hello from the old client",
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ success: true });
    const row = queryOne<{ folder: string; message: string }>(
      server,
      `SELECT folder, message FROM "Message" WHERE subject = ?`,
      subject,
    );
    expect(row).toEqual({ folder: "inbox", message: "Hello from the old client" });
  });

  it("answers { success: false, error, fields } with 400 for a missing or invalid field", async () => {
    const before = snapshot(server);
    const res = await call(server, anonymous, "POST", "/sendmail", {
      name: "Visitor",
      email: "not-an-email",
      subject: "",
    });
    expectError(res, 400, /Email|Subject|Message/);
    expect(Object.keys(res.json.fields).sort()).toEqual(["email", "message", "subject"]);
    expect(snapshot(server)).toEqual(before);
  });
});
