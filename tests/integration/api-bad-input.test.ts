// Bad input on every write route of the REST API, sent by the owner: malformed JSON, wrong types,
// missing required fields, unknown and non-numeric ids, over-long strings, oversized bodies and
// unsupported types all answer 4xx JSON with a readable error (and `fields` for validation),
// never a 500 and never a partial write.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import {
  anonymous,
  API_TOKEN,
  call,
  expectError,
  OWNER_EMAIL,
  OWNER_PASSWORD,
  pngBlob,
  projectBody,
  snapshot,
  withToken,
} from "./api-client";

let server: TestServer;
const ids: Record<string, string> = {};
const UPLOAD_MAX_BYTES = 50_000;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: {
      OWNER_EMAIL,
      OWNER_PASSWORD,
      API_TOKEN,
      RATE_LIMIT_DISABLED: "1",
      UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
    },
  });
  for (const [key, path] of Object.entries({
    profile: "/adduser",
    skill: "/addskill",
    category: "/addcategory",
    service: "/addfeather",
    project: "/addprotfolio",
    education: "/addeducation",
    experience: "/addexperience",
  })) {
    ids[key] = (await call(server, anonymous, "GET", path)).json[0]._id;
  }
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const owner = withToken();

type BodyRoute = {
  method: "POST" | "PUT";
  path: string;
  /** The `{id}` kind when the path has one. */
  idOf?: string;
  /** Bodies that must fail validation, each with a field expected in `fields`. */
  invalid: Array<[label: string, body: Record<string, unknown>, field: string]>;
};

const long = (n: number) => "x".repeat(n + 1);

const BODY_ROUTES: BodyRoute[] = [
  {
    method: "PUT",
    path: "/adduser/{id}",
    idOf: "profile",
    invalid: [
      ["a wrong type", { name: 42 }, "name"],
      ["an over-long string", { name: long(100) }, "name"],
      ["an invalid email", { email: "not-an-email" }, "email"],
      ["a javascript: link", { github: "javascript:alert(1)" }, "github"],
    ],
  },
  {
    method: "POST",
    path: "/addskill",
    invalid: [
      ["a missing required field", {}, "name"],
      ["a wrong type", { name: ["React"] }, "name"],
      ["a blank name", { name: "   " }, "name"],
      ["an over-long string", { name: long(60) }, "name"],
    ],
  },
  {
    method: "PUT",
    path: "/addskill/{id}",
    idOf: "skill",
    invalid: [
      ["an emptied required field", { name: " " }, "name"],
      ["a wrong type", { name: null }, "name"],
      ["an over-long string", { name: long(60) }, "name"],
    ],
  },
  {
    method: "POST",
    path: "/addcategory",
    invalid: [
      ["a missing required field", {}, "name"],
      ["a wrong type", { name: 1 }, "name"],
      ["an over-long string", { name: long(60) }, "name"],
    ],
  },
  {
    method: "PUT",
    path: "/addcategory/{id}",
    idOf: "category",
    invalid: [
      ["an emptied required field", { name: "" }, "name"],
      ["a wrong type", { name: 7 }, "name"],
      ["an over-long string", { name: long(60) }, "name"],
    ],
  },
  {
    method: "POST",
    path: "/addfeather",
    invalid: [
      ["a missing required field", { subtitle: "x" }, "title"],
      ["a wrong type", { title: { a: 1 } }, "title"],
      ["an over-long string", { title: "ok", subtitle: long(1000) }, "subtitle"],
      ["an unknown icon", { title: "ok", icon: "rocket" }, "icon"],
    ],
  },
  {
    method: "PUT",
    path: "/addfeather/{id}",
    idOf: "service",
    invalid: [
      ["an emptied required field", { title: "" }, "title"],
      ["a wrong type", { title: 3 }, "title"],
      ["an over-long string", { title: long(120) }, "title"],
    ],
  },
  {
    method: "POST",
    path: "/addprotfolio",
    invalid: [
      ["a missing required field", { title: "Only a title" }, "skill"],
      ["a budget with no number in it", projectBody({ budget: "lots" }), "budget"],
      ["a wrong level", projectBody({ level: "Expert" }), "level"],
      ["an over-long string", projectBody({ title: long(150) }), "title"],
      ["an over-long free-text date", projectBody({ date: long(40) }), "date"],
      ["a javascript: link", projectBody({ liveView: "javascript:alert(1)" }), "liveView"],
      ["a link that is not http(s)", projectBody({ sourceCode: "ftp://e.com/x" }), "sourceCode"],
      [
        "five gallery images",
        projectBody({ images: Array(5).fill("https://e.com/a.png") }),
        "images",
      ],
      ["a data: thumbnail", projectBody({ thumbnail: "data:image/png;base64,AAAA" }), "thumbnail"],
      ["images not a list", projectBody({ images: "https://e.com/a.png" }), "images"],
    ],
  },
  {
    method: "PUT",
    path: "/addprotfolio/{id}",
    idOf: "project",
    invalid: [
      ["an emptied required field", { title: "" }, "title"],
      ["an emptied skill", { skill: " " }, "skill"],
      ["a wrong type", { title: false }, "title"],
      ["a date that is not text", { date: 20250314 }, "date"],
      ["a negative budget", { budget: -5 }, "budget"],
      ["a budget with no number in it", { budget: "Negotiable" }, "budget"],
      ["a wrong level", { level: "Guru" }, "level"],
      ["an over-long string", { longDescription: long(20000) }, "longDescription"],
      ["a javascript: image", { thumbnail: "javascript:alert(1)" }, "thumbnail"],
    ],
  },
  {
    method: "POST",
    path: "/addeducation",
    invalid: [
      ["a missing required field", { degree: "BSc", institution: "U" }, "year"],
      ["a wrong type", { degree: "BSc", institution: "U", year: 2020 }, "year"],
      ["an over-long string", { degree: long(150), institution: "U", year: "1" }, "degree"],
    ],
  },
  {
    method: "PUT",
    path: "/addeducation/{id}",
    idOf: "education",
    invalid: [
      ["an emptied required field", { degree: "" }, "degree"],
      ["a wrong type", { institution: null }, "institution"],
      ["an over-long string", { description: long(2000) }, "description"],
    ],
  },
  {
    method: "POST",
    path: "/addexperience",
    invalid: [
      ["a missing required field", { title: "Dev" }, "institution"],
      ["a wrong type", { title: "Dev", institution: "X", year: ["1"] }, "year"],
      ["an over-long string", { title: long(150), institution: "X", year: "1" }, "title"],
    ],
  },
  {
    method: "PUT",
    path: "/addexperience/{id}",
    idOf: "experience",
    invalid: [
      ["an emptied required field", { institution: "" }, "institution"],
      ["a wrong type", { year: 2020 }, "year"],
      ["an over-long string", { description: long(2000) }, "description"],
    ],
  },
  {
    method: "POST",
    path: "/sendmail",
    invalid: [
      ["a missing required field", { name: "A", email: "a@example.com", subject: "S" }, "message"],
      ["a wrong type", { name: 1, email: "a@example.com", subject: "S", message: "M" }, "name"],
      [
        "an over-long string",
        { name: "A", email: "a@example.com", subject: "S", message: long(5000) },
        "message",
      ],
    ],
  },
];

const DELETE_ROUTES = [
  ["/addskill/{id}", "skill"],
  ["/addcategory/{id}", "category"],
  ["/addfeather/{id}", "service"],
  ["/addprotfolio/{id}", "project"],
  ["/addeducation/{id}", "education"],
  ["/addexperience/{id}", "experience"],
] as const;

const pathOf = (route: { path: string; idOf?: string }, id?: string) =>
  route.path.replace("{id}", id ?? (route.idOf ? ids[route.idOf] : ""));

/** Sends `total` bytes in chunks without a Content-Length; resolves with the answer. */
function sendChunked(
  method: string,
  path: string,
  total: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${API_TOKEN}`, "Content-Type": "application/json" },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      const done = () => resolve({ status: res.statusCode ?? 0, body });
      res.on("end", done);
      res.on("close", done); // the server closes the connection right after its answer
      res.on("error", reject);
    });
    req.on("error", () => {}); // the server may close while we are still writing
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    req.write('{"name":"');
    const pump = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end('"}');
    };
    pump();
  });
}

describe.each(BODY_ROUTES)("$method $path", (route) => {
  it("refuses malformed JSON, non-object JSON and an unsupported type with 4xx JSON", async () => {
    const before = snapshot(server);
    const path = pathOf(route);
    expectError(await call(server, owner, route.method, path, "{"), 400, /not valid JSON/);
    expectError(await call(server, owner, route.method, path, "[1, 2]"), 400, /JSON object/);
    expectError(await call(server, owner, route.method, path, '"text"'), 400, /JSON object/);
    expectError(await call(server, owner, route.method, path, "null"), 400, /JSON object/);
    const plain = await call(server, owner, route.method, path, "name=x", {
      "Content-Type": "text/plain",
    });
    expectError(plain, 415, /Content-Type/);
    expect(snapshot(server)).toEqual(before);
  });

  it.each(route.invalid)("refuses %s with 400 { error, fields }", async (_label, body, field) => {
    const before = snapshot(server);
    const res = await call(server, owner, route.method, pathOf(route), body);
    expectError(res, 400);
    expect(res.json.fields, res.text).toHaveProperty(field);
    expect(typeof res.json.fields[field]).toBe("string");
    expect(res.json.error).toContain(res.json.fields[field]);
    expect(snapshot(server)).toEqual(before);
  });

  it(
    "refuses an oversized body with 413, by its Content-Length or while it streams",
    { timeout: 10_000 },
    async () => {
      const before = snapshot(server);
      const big = JSON.stringify({ name: "x".repeat(1_100_000) });
      const res = await call(server, owner, route.method, pathOf(route), big);
      expectError(res, 413, /too large/);
      const streamed = await sendChunked(route.method, pathOf(route), 3 * 1024 * 1024);
      expect(streamed.status).toBe(413);
      expect(JSON.parse(streamed.body)).toMatchObject({
        success: false,
        error: expect.any(String),
      });
      // The server is fine afterwards.
      expect((await call(server, anonymous, "GET", "/addskill")).status).toBe(200);
      expect(snapshot(server)).toEqual(before);
    },
  );

  if (route.idOf) {
    it("answers 404 for an unknown id and 400 for a non-numeric one", async () => {
      const before = snapshot(server);
      const body = route.path.startsWith("/addprotfolio") ? projectBody() : { title: "x" };
      const missing = await call(server, owner, route.method, pathOf(route, "987654"), body);
      expectError(missing, 404, /987654/);
      expect(missing.json).toMatchObject({ acknowledged: true, matchedCount: 0, modifiedCount: 0 });
      for (const bad of ["abc", "1.5", "-1", "0", "99999999999", "1e3"]) {
        expectError(await call(server, owner, route.method, pathOf(route, bad), body), 400, /id/);
      }
      expect(snapshot(server)).toEqual(before);
    });
  }
});

describe.each(DELETE_ROUTES)("DELETE %s", (path, kind) => {
  it("answers 404 { deletedCount: 0 } for an unknown id and 400 for a non-numeric one", async () => {
    const before = snapshot(server);
    const missing = await call(server, owner, "DELETE", path.replace("{id}", "987654"));
    expectError(missing, 404, /987654/);
    expect(missing.json).toMatchObject({ acknowledged: true, deletedCount: 0 });
    for (const bad of ["abc", "1.5", "-1", "0", "99999999999"]) {
      expectError(await call(server, owner, "DELETE", path.replace("{id}", bad)), 400, /id/);
    }
    expect(snapshot(server)).toEqual(before);
    // The existing item is still there.
    expect(ids[kind]).toMatch(/^\d+$/);
  });
});

describe("POST /upload", () => {
  it("refuses a file over UPLOAD_MAX_BYTES with 413 JSON and stores nothing", async () => {
    const before = snapshot(server);
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(UPLOAD_MAX_BYTES + 10_000)]), "big.png");
    const res = await call(server, owner, "POST", "/upload", form);
    expectError(res, 413, /Image upload failed/);
    expect(snapshot(server)).toEqual(before);
  });

  it("refuses two files in the image field with 400", async () => {
    const before = snapshot(server);
    const form = new FormData();
    form.append("image", await pngBlob(), "a.png");
    form.append("image", await pngBlob(), "b.png");
    const res = await call(server, owner, "POST", "/upload", form);
    expectError(res, 400, /Image upload failed/);
    expect(snapshot(server)).toEqual(before);
  });
});

describe("form bodies", () => {
  it("ignore prototype keys (__proto__, constructor) and keep the real fields", async () => {
    const form = new URLSearchParams();
    form.append("__proto__", "x");
    form.append("__proto__", "y");
    form.append("constructor", "z");
    form.append("name", "Form-safe skill");
    const res = await call(server, owner, "POST", "/addskill", form);
    expect(res.status, res.text).toBe(201);
    const list = await call(server, anonymous, "GET", "/addskill");
    expect(list.json[0]).toEqual({
      _id: res.json.insertedId,
      id: Number(res.json.insertedId),
      name: "Form-safe skill",
    });
    await call(server, owner, "DELETE", `/addskill/${res.json.insertedId}`);
  });
});
