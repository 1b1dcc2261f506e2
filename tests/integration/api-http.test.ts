// The REST API's HTTP surface: the OpenAPI document against the route files and the running
// routes (both ways), 405 with Allow, JSON 404s under the API prefixes, OPTIONS, CORS off by
// default and on for ALLOWED_ORIGINS (preflight included), API tokens off without API_TOKEN,
// and /sendmail's rate limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categorySchema } from "~/entities/category";
import { educationCreateSchema } from "~/entities/education";
import { experienceSchema } from "~/entities/experience";
import { contactSchema } from "~/entities/message";
import { profileSchema } from "~/entities/profile";
import { projectStoredSchema } from "~/entities/project";
import { serviceSchema } from "~/entities/service";
import { skillSchema } from "~/entities/skill";
import { zodToJsonSchema } from "~/utils/zod-json-schema";
import { routePatterns } from "../support/routes";
import { startTestServer, type TestServer } from "../support/server";
import {
  anonymous,
  API_TOKEN,
  call,
  expectError,
  OWNER_EMAIL,
  OWNER_PASSWORD,
  signIn,
  snapshot,
  withCookie,
  withToken,
} from "./api-client";

const ALLOWED = "https://app.example";
const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

let plain: TestServer; // no ALLOWED_ORIGINS, no API_TOKEN, contact limit 2
let cors: TestServer; // ALLOWED_ORIGINS and API_TOKEN set
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let doc: any;

beforeAll(async () => {
  [plain, cors] = await Promise.all([
    startTestServer({
      seed: true,
      env: {
        OWNER_EMAIL,
        OWNER_PASSWORD,
        API_TOKEN: undefined,
        ALLOWED_ORIGINS: undefined,
        CONTACT_MAX_PER_WINDOW: "2",
        RATE_LIMIT_RPM: "100000",
        RATE_LIMIT_WRITE_RPM: "100000",
      },
    }),
    startTestServer({
      seed: true,
      env: {
        OWNER_EMAIL,
        OWNER_PASSWORD,
        API_TOKEN,
        ALLOWED_ORIGINS: `${ALLOWED}, http://localhost:5173/`,
        RATE_LIMIT_DISABLED: "1",
      },
    }),
  ]);
  doc = (await call(plain, anonymous, "GET", "/api/openapi.json")).json;
}, 120_000);
afterAll(async () => {
  await Promise.all([plain?.stop(), cors?.stop()]);
});

/**
 * The API paths the app registers (its full route manifest: app/routes and the REST table's
 * code-defined routes → OpenAPI templates), catch-alls aside.
 */
function routeFilePaths(): string[] {
  const prefixes =
    /^\/(adduser|addskill|addcategory|addfeather|addprotfolio|addeducation|addexperience|sendmail|upload|api)(\/|$)/;
  return routePatterns()
    .filter((p) => prefixes.test(p) && !p.endsWith("/*")) // the JSON 404 catch-alls
    .map((p) => p.replace(/\/:id$/, "/{id}"))
    .sort();
}

const docMethods = (p: string) =>
  Object.keys(doc.paths[p])
    .map((m) => m.toUpperCase())
    .sort();
const sample = (p: string) => p.replace("{id}", "1");

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 JSON served at /api/openapi.json", async () => {
    const res = await call(plain, anonymous, "GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe("3.1.0");
    expect(res.json.info.title).toMatch(/Folio/);
    expect(Object.keys(res.json.paths).length).toBeGreaterThanOrEqual(17);
  });

  it("lists exactly the API routes the app has (route files ↔ document paths)", () => {
    expect(routeFilePaths()).toEqual(Object.keys(doc.paths).sort());
  });

  it("lists exactly the methods each running route answers (its Allow header)", async () => {
    for (const p of Object.keys(doc.paths)) {
      const res = await fetch(`${plain.url}${sample(p)}`, { method: "OPTIONS" });
      expect(res.status, p).toBe(204);
      const allow = (res.headers.get("allow") ?? "")
        .split(",")
        .map((m) => m.trim())
        .filter((m) => m !== "HEAD" && m !== "OPTIONS")
        .sort();
      expect(allow, p).toEqual(docMethods(p));
    }
  });

  it("describes request bodies with the same zod schemas the routes validate with", () => {
    const bodies = {
      ProfileInput: profileSchema,
      SkillInput: skillSchema,
      CategoryInput: categorySchema,
      ServiceInput: serviceSchema,
      ProjectInput: projectStoredSchema,
      EducationInput: educationCreateSchema,
      ExperienceInput: experienceSchema,
      ContactInput: contactSchema,
    };
    for (const [name, schema] of Object.entries(bodies)) {
      const { description: _d, ...documented } = doc.components.schemas[name];
      expect(documented, name).toEqual(zodToJsonSchema(schema));
    }
    expect(doc.components.schemas.SkillInput.required).toEqual(["name"]);
    expect(doc.components.schemas.SkillInput.properties.name.maxLength).toBe(60);
    expect(doc.components.schemas.ProjectInput.properties.level.enum).toEqual([
      "Beginner",
      "Intermediate",
      "Advanced",
    ]);
  });

  it("marks every write but /sendmail as owner-only and every read as public", () => {
    type Op = { security: unknown[]; responses: object };
    for (const [p, item] of Object.entries(doc.paths) as Array<[string, Record<string, Op>]>) {
      for (const [method, op] of Object.entries(item)) {
        const ownerOnly = method !== "get" && p !== "/sendmail";
        expect(op.security.length > 0, `${method} ${p}`).toBe(ownerOnly);
        if (ownerOnly) expect(Object.keys(op.responses)).toContain("401");
      }
    }
  });
});

describe("wrong methods and unknown paths", () => {
  it("answers 405 JSON with an Allow header for every method a path does not have", async () => {
    for (const p of Object.keys(doc.paths)) {
      for (const method of METHODS.filter((m) => !docMethods(p).includes(m))) {
        const res = await call(plain, anonymous, method, sample(p));
        expectError(res, 405, new RegExp(`${method} is not allowed`));
        const allow = res.headers.get("allow")!;
        for (const m of docMethods(p)) expect(allow).toContain(m);
        expect(allow).toContain("OPTIONS");
      }
    }
  });

  it.each([
    "/addskill/1/x",
    "/adduser/1/extra",
    "/addprotfolio/1/2/3",
    "/addcategory/x/y",
    "/addfeather/1/edit",
    "/addeducation/1/x",
    "/addexperience/1/x",
    "/sendmail/x",
    "/upload/x",
    "/api/nothing",
    "/api/openapi.yaml",
  ])("answers a JSON 404 for %s (GET and POST)", async (p) => {
    expectError(await call(plain, anonymous, "GET", p), 404, /No API endpoint/);
    expectError(await call(plain, anonymous, "POST", p, {}), 404, /No API endpoint/);
  });

  it("answers HEAD like GET without a body", async () => {
    const res = await fetch(`${plain.url}/addskill`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });
});

describe("CORS off by default (no ALLOWED_ORIGINS)", () => {
  it("sends no Access-Control headers, answers a preflight without them, refuses cross-site writes", async () => {
    const origin = { Origin: ALLOWED };
    const get = await call(plain, { headers: origin, label: "" }, "GET", "/addskill");
    expect(get.status).toBe(200);
    expect(get.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(`${plain.url}/addskill`, {
      method: "OPTIONS",
      headers: { ...origin, "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-methods")).toBeNull();
    const before = snapshot(plain);
    const post = await call(plain, { headers: origin, label: "" }, "POST", "/sendmail", {
      name: "A",
      email: "a@example.com",
      subject: "S",
      message: "M",
    });
    expectError(post, 403, /Cross-site/);
    expect(snapshot(plain)).toEqual(before);
  });

  it("refuses any Bearer token while API_TOKEN is not set", async () => {
    const res = await call(plain, withToken(), "POST", "/addskill", { name: "x" });
    expectError(res, 401, /API_TOKEN/);
  });
});

describe("CORS with ALLOWED_ORIGINS", () => {
  it("answers a preflight from a listed origin with 204 and the CORS headers", async () => {
    for (const origin of [ALLOWED, "http://localhost:5173"]) {
      const res = await fetch(`${cors.url}/addprotfolio/1`, {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "PUT",
          "Access-Control-Request-Headers": "authorization, content-type",
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
      expect(res.headers.get("access-control-allow-methods")).toMatch(/PUT/);
      expect(res.headers.get("access-control-allow-methods")).toMatch(/DELETE/);
      expect(res.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
      expect(res.headers.get("access-control-allow-headers")).toMatch(/Content-Type/);
      expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
      expect(res.headers.get("vary")).toMatch(/Origin/);
    }
  });

  it("gives an unlisted origin no CORS headers", async () => {
    const res = await fetch(`${cors.url}/addskill`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const get = await fetch(`${cors.url}/addskill`, {
      headers: { Origin: "https://evil.example" },
    });
    expect(get.headers.get("access-control-allow-origin")).toBeNull();
    expect(get.headers.get("vary")).toMatch(/Origin/);
  });

  it("lets a listed origin read, write with the API token, and read the errors", async () => {
    const fromApp = { Origin: ALLOWED };
    const get = await call(cors, { headers: fromApp, label: "" }, "GET", "/addskill");
    expect(get.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    const created = await call(
      cors,
      { headers: { ...fromApp, ...withToken().headers }, label: "" },
      "POST",
      "/addskill",
      { name: "From the app" },
    );
    expect(created.status).toBe(201);
    expect(created.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    const refused = await call(cors, { headers: fromApp, label: "" }, "POST", "/addskill", {
      name: "No token",
    });
    expectError(refused, 401);
    expect(refused.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    const evil = await call(
      cors,
      { headers: { Origin: "https://evil.example", ...withToken().headers }, label: "" },
      "POST",
      "/addskill",
      { name: "Evil" },
    );
    expectError(evil, 403);
  });

  it("does not accept the owner's cookie from another origin (cross-origin callers use the token)", async () => {
    const cookie = await signIn(cors);
    const own = await call(cors, withCookie(cors, cookie), "POST", "/addskill", { name: "Mine" });
    expect(own.status).toBe(201);
    const before = snapshot(cors);
    const res = await call(
      cors,
      { headers: { Origin: ALLOWED, Cookie: cookie }, label: "" },
      "POST",
      "/addskill",
      { name: "Cross" },
    );
    expectError(res, 401);
    expect(snapshot(cors)).toEqual(before);
  });

  it("leaves pages alone", async () => {
    const res = await fetch(`${cors.url}/healthz`, { headers: { Origin: ALLOWED } });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("POST /sendmail rate limit", () => {
  it("answers 429 { success: false, error } with Retry-After once the contact limit is used", async () => {
    // Three different messages (the same one again would be a 409 before the limit).
    const body = (n: number) => ({
      name: "A",
      email: "a@example.com",
      subject: `Hi ${n}`,
      message: "Hello",
    });
    expect((await call(plain, anonymous, "POST", "/sendmail", body(1))).status).toBe(201);
    expect((await call(plain, anonymous, "POST", "/sendmail", body(2))).status).toBe(201);
    const before = snapshot(plain);
    const third = await call(plain, anonymous, "POST", "/sendmail", body(3));
    expectError(third, 429, /too many/i);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(snapshot(plain)).toEqual(before);
  });
});
