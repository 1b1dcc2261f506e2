// Helpers for the REST API contract tests (tests/integration/api-*.test.ts): an HTTP client
// that asks as anonymous, the owner's session cookie or the API token, and a read-only view of
// the server's database to prove that refused writes changed nothing.
import http from "node:http";
import Database from "better-sqlite3";
import sharp from "sharp";
import { expect } from "vitest";
import { signInOverHttp, type TestServer } from "../support/server";

export const OWNER_EMAIL = "owner@example.com";
export const OWNER_PASSWORD = "api-test-owner-password";
export const API_TOKEN = "api-test-token-4f1c9a7e2b";

export type ApiAnswer = {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
};

export type Caller = {
  /** Extra headers every request carries (Cookie, Authorization, Origin). */
  headers: Record<string, string>;
  label: string;
};

export const anonymous: Caller = { headers: {}, label: "anonymous" };
export const withToken = (token = API_TOKEN): Caller => ({
  headers: { Authorization: `Bearer ${token}` },
  label: "API token",
});

/** Signs in through the login form and returns the session as a Cookie header. */
export function signIn(server: TestServer): Promise<string> {
  return signInOverHttp(server, { email: OWNER_EMAIL, password: OWNER_PASSWORD });
}

/** The owner's browser: the session cookie and a same-origin Origin header. */
export const withCookie = (server: TestServer, cookie: string): Caller => ({
  headers: { Cookie: cookie, Origin: server.url },
  label: "session cookie",
});

/**
 * One API request. `body` objects are sent as JSON; strings, URLSearchParams and FormData as is.
 */
export async function call(
  server: TestServer,
  caller: Caller,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  const h: Record<string, string> = { ...caller.headers, ...headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) payload = body;
  else if (typeof body === "string") {
    payload = body;
    h["Content-Type"] ??= "application/json";
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    h["Content-Type"] ??= "application/json";
  }
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: h,
    body: payload,
    redirect: "manual",
  });
  const text = await res.text();
  let json: unknown = undefined;
  if ((res.headers.get("content-type") ?? "").includes("json") && text !== "") {
    json = JSON.parse(text);
  }
  return { status: res.status, headers: res.headers, text, json };
}

/**
 * One API request with exactly these headers, a forged `Host` included (fetch will not send
 * one): what a client reaching the site under another name sends. JSON bodies only.
 */
export function callAs(
  server: TestServer,
  host: string,
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const h: Record<string, string> = { ...headers, Host: host };
  if (payload !== undefined) h["Content-Type"] = "application/json";
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, path, method, headers: h },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
          }
          const isJson = (headers.get("content-type") ?? "").includes("json") && text !== "";
          resolve({
            status: res.statusCode ?? 0,
            headers,
            text,
            json: isJson ? JSON.parse(text) : undefined,
          });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Asserts a JSON error answer: the status, `success: false` and a readable `error`. */
export function expectError(answer: ApiAnswer, status: number, pattern?: RegExp) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  expect(answer.json.success).toBe(false);
  expect(typeof answer.json.error).toBe("string");
  expect(answer.json.error.length).toBeGreaterThan(5);
  if (pattern) expect(answer.json.error).toMatch(pattern);
}

const CONTENT_TABLES = [
  "Profile",
  "Skill",
  "Category",
  "Service",
  "Project",
  "ProjectImage",
  "Education",
  "Experience",
  "Message",
  "UploadedImage",
  "Owner",
] as const;

/** Every row of every content table (to compare before and after a refused write). */
export function snapshot(server: TestServer): Record<string, unknown[]> {
  const db = new Database(server.databaseFile, { readonly: true, fileMustExist: true });
  try {
    const out: Record<string, unknown[]> = {};
    for (const table of CONTENT_TABLES) {
      out[table] = db.prepare(`SELECT * FROM "${table}" ORDER BY id`).all();
    }
    return out;
  } finally {
    db.close();
  }
}

/** One value from the server's database. */
export function queryOne<T = Record<string, unknown>>(
  server: TestServer,
  sql: string,
  ...params: unknown[]
): T | undefined {
  const db = new Database(server.databaseFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

/** Every row a query answers from the server's database. */
export function queryAll<T = Record<string, unknown>>(
  server: TestServer,
  sql: string,
  ...params: unknown[]
): T[] {
  const db = new Database(server.databaseFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** A small real PNG (sharp draws it) as a Blob for multipart uploads. */
export async function pngBlob(width = 64, height = 48): Promise<Blob> {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(buffer)], { type: "image/png" });
}

/** The field names each list item carries (what the old client reads, plus `_id` and `id`). */
export const ITEM_FIELDS = {
  "/adduser": [
    "_id",
    "id",
    "name",
    "description",
    "email",
    "number",
    "address",
    "image",
    "cv",
    "facebook",
    "github",
    "linkedin",
  ],
  "/addskill": ["_id", "id", "name"],
  "/addcategory": ["_id", "id", "name"],
  "/addfeather": ["_id", "id", "title", "subtitle", "icon"],
  "/addprotfolio": [
    "_id",
    "id",
    "title",
    "subtitle",
    "clientName",
    "date",
    "service",
    "budget",
    "strategy",
    "design",
    "userExperience",
    "shortDescription",
    "longDescription",
    "liveView",
    "liveUrl",
    "sourceCode",
    "thumbnail",
    "images",
    "skill",
    "level",
    "featured",
    "draft",
    "updatedAt",
  ],
  "/addeducation": ["_id", "id", "degree", "institution", "year", "description"],
  "/addexperience": ["_id", "id", "title", "institution", "year", "description"],
} as const;

/** A valid project body for POST /addprotfolio (`skill` must be an existing category). */
export function projectBody(overrides: Record<string, unknown> = {}) {
  return {
    title: `API project ${Math.random().toString(36).slice(2, 8)}`,
    subtitle: "Made through the REST API",
    clientName: "Acme",
    date: "2025-03-14",
    service: "Web app",
    budget: 1200,
    strategy: "Strategy text",
    design: "Design text",
    userExperience: "UX text",
    shortDescription: "Short description",
    longDescription: "Long description",
    liveView: "https://example.com/live",
    sourceCode: "https://github.com/example/repo",
    thumbnail: "https://example.com/thumb.png",
    images: ["https://example.com/1.png", null, "https://example.com/2.png"],
    skill: "React",
    level: "Advanced",
    ...overrides,
  };
}
