// Hostile input on every route (issue #13): the route list is the full route manifest (the files
// under app/routes through Remix's own flat-routes reader, plus the REST routes vite.config.ts
// registers from app/rest/table.ts), so a new route is covered without editing this file. Each route gets
// hostile path params, query strings and bodies (the tables below), anonymously and as the
// signed-in owner. Nothing may answer 5xx, and anonymous requests may write nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePatterns } from "../support/routes";
import { signInOverHttp, startTestServer, type TestServer } from "../support/server";
import { snapshot } from "./api-client";

const OWNER = { email: "owner@example.com", password: "fuzz-routes-owner-password" };

/** Values put in place of `:param` and `*` (already as they appear in a URL). */
const PARAM_VALUES = [
  "1",
  "0",
  "-1",
  "abc",
  "1.5",
  "99999999999999999999999",
  "2147483648",
  "%00",
  "%ff",
  "%E0%A4%A",
  "%",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "__proto__",
  "x".repeat(3000),
  "%ED%A0%80",
];

/** Query strings added to GETs and POSTs. */
const QUERIES = [
  "",
  "?redirectTo=/%0a/x",
  "?redirectTo=%2F%2Fevil.example&page=-1&q=%&%=%",
  "?page=abc&folder=__proto__&__proto__[polluted]=1&constructor[prototype][x]=1",
  "?page=99999999999999999999&q=%E0%A4%A&tag=%00&category=%ED%A0%80",
  "?_data=routes%2F..%2F..%2Fetc&index&redirectTo=%5C%5Cevil.example",
];

const BOUNDARY = "fuzzboundary";
const FORM = "application/x-www-form-urlencoded";
const HUGE = "y".repeat(200_000);

type Body = { label: string; type?: string; body: string };

/** Bodies sent with POST (and PUT/DELETE on the REST paths). */
const BODIES: Body[] = [
  { label: "empty, no type", body: "" },
  { label: "text/plain", type: "text/plain", body: "hello" },
  { label: "xml", type: "application/xml", body: "<a/>" },
  {
    label: "JSON lone surrogate",
    type: "application/json",
    body: '{"name":"\\ud800","title":"\\udfff","message":"\\ud800","email":"a@b.c"}',
  },
  { label: "JSON array", type: "application/json", body: '["a",{"b":1}]' },
  { label: "JSON string", type: "application/json", body: '"hello"' },
  { label: "JSON broken", type: "application/json", body: '{"name":' },
  {
    label: "JSON wrong shape",
    type: "application/json",
    body: '{"name":["a","b"],"title":{"$gt":""},"id":[1],"order":{},"images":"x","budget":"NaN","featured":"maybe","date":"2024-13-45"}',
  },
  {
    label: "JSON prototype keys",
    type: "application/json",
    body: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},"name":"x"}',
  },
  {
    label: "JSON NUL",
    type: "application/json",
    body: '{"name":"a\\u0000b","title":"\\u0000","email":"\\u0000@x.y"}',
  },
  {
    label: "form bad percent-encoding",
    type: FORM,
    body: "name=%E0%A4%A&title=%&email=%ff%fe&intent=%00&theme=%ED%A0%80&redirectTo=%0a%2F%2Fx",
  },
  {
    label: "form arrays",
    type: FORM,
    body: "name=a&name=b&title[]=x&intent=login&intent=setup&theme=dark&theme=light&id=1&id=2&order=1,2,x",
  },
  {
    label: "form prototype keys",
    type: FORM,
    body: "__proto__=1&constructor=2&__proto__[x]=1&prototype=3&toString=4",
  },
  {
    label: "form hostile values",
    type: FORM,
    body: `name=..%2F..%2F&title=%00&id=-1&direction=sideways&entity=__proto__&order=9999999999999999999&redirectTo=%2F%0a%2Fx&email=${"a".repeat(300)}%40x.y&password=%00&intent=unread`,
  },
  { label: "form huge", type: FORM, body: `name=${HUGE}&message=${HUGE}` },
  {
    label: "multipart broken",
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: "garbage with no boundary at all",
  },
  {
    label: "multipart without boundary",
    type: "multipart/form-data",
    body: `--${BOUNDARY}\r\n\r\n`,
  },
  {
    label: "multipart never ending",
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${"z".repeat(5000)}`,
  },
  {
    label: "multipart unterminated headers",
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x`,
  },
  {
    label: "multipart fake file",
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="../../x.png"\r\nContent-Type: image/png\r\n\r\nnot an image\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n\u0000\r\n--${BOUNDARY}--\r\n`,
  },
];

/** A request that got no complete answer in time counts as a failure (status 599). */
const NO_ANSWER = 599;
const ANSWER_WITHIN_MS = 10_000;

type Hit = { method: string; url: string; body?: string; status: number; ms: number };

let server: TestServer;

/**
 * Alone on a quiet 2-core machine a run takes 15–35 s; in CI, beside Playwright and its browsers,
 * four times that was seen. The bound is for a hung server, not for speed.
 */
const FUZZ_TIMEOUT_MS = 300_000;

/** With FUZZ_DEBUG=1: the 30 slowest requests (where a slow run spends its time). */
function printSlowest(hits: Hit[]) {
  if (!process.env.FUZZ_DEBUG) return;
  const slow = [...hits].sort((a, b) => b.ms - a.ms).slice(0, 30);
  console.log(
    slow
      .map((h) => `${h.ms}ms ${h.status} ${h.method} ${h.url.slice(0, 80)} [${h.body}]`)
      .join("\n"),
  );
}

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: {
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      RATE_LIMIT_DISABLED: "1",
      LOGIN_MAX_FAILURES: "100000",
      CONTACT_MAX_PER_WINDOW: "100000",
    },
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The URLs of one pattern: each hostile value in each param (other params "1"). */
function urlsOf(pattern: string): string[] {
  const slots = pattern.split("/").filter((s) => s.startsWith(":") || s === "*");
  if (slots.length === 0) return [pattern];
  const fill = (value: string) =>
    pattern
      .split("/")
      .map((s) => (s.startsWith(":") || s === "*" ? value : s))
      .join("/");
  return PARAM_VALUES.map(fill);
}

async function send(
  method: string,
  url: string,
  { body, type, cookie }: { body?: string; type?: string; cookie?: string } = {},
): Promise<number> {
  const headers: Record<string, string> = { Origin: server.url, Accept: "text/html" };
  if (type) headers["Content-Type"] = type;
  if (cookie) headers.Cookie = cookie;
  try {
    const res = await fetch(server.url + url, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : body,
      redirect: "manual",
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return NO_ANSWER;
  }
}

/** Runs `tasks` with at most `limit` at a time. */
async function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return out;
}

/** Every request of the fuzz run for one caller. */
function requestsFor(cookie?: string): Array<() => Promise<Hit>> {
  const tasks: Array<() => Promise<Hit>> = [];
  const add = (method: string, url: string, body?: Body) =>
    tasks.push(async () => {
      const started = Date.now();
      const status = await send(method, url, { body: body?.body, type: body?.type, cookie });
      return { method, url, body: body?.label, status, ms: Date.now() - started };
    });
  for (const pattern of routePatterns()) {
    // Signing out in the middle would turn the owner's run into an anonymous one.
    if (cookie && pattern === "/logout") continue;
    const urls = urlsOf(pattern);
    for (const url of urls) add("GET", url);
    for (const query of QUERIES.slice(1)) add("GET", urls[0] + query);
    for (const body of BODIES) add("POST", urls[0], body);
    add("POST", urls[0] + QUERIES[1], BODIES[13]);
    // Hostile ids with a hostile body, and the REST methods.
    for (const url of urls.slice(1)) add("POST", url, BODIES[10]);
    for (const method of ["PUT", "DELETE"]) {
      for (const body of [BODIES[3], BODIES[10]]) add(method, urls[0], body);
      for (const url of urls.slice(1, 4)) add(method, url, BODIES[3]);
    }
  }
  return tasks;
}

const fivexx = (hits: Hit[]) =>
  hits
    .filter((h) => h.status >= 500)
    .map((h) => `${h.status} ${h.method} ${h.url.slice(0, 120)}${h.body ? ` [${h.body}]` : ""}`);

describe("every route under hostile input", () => {
  it("covers the routes of app/routes", () => {
    const patterns = routePatterns();
    expect(patterns).toContain("/login");
    expect(patterns).toContain("/dashboard/admin/skills/:id/delete");
    expect(patterns.length).toBeGreaterThan(50);
  });

  it(
    "anonymous: no 5xx, and nothing written",
    async () => {
      const before = snapshot(server);
      const hits = await pool(requestsFor(), 6);
      printSlowest(hits);
      expect(fivexx(hits)).toEqual([]);
      expect(snapshot(server)).toEqual(before);
      console.log(`anonymous: ${hits.length} requests`);
    },
    Number(process.env.FUZZ_TIMEOUT ?? FUZZ_TIMEOUT_MS),
  );

  it(
    "as the signed-in owner: no 5xx",
    async () => {
      const cookie = await signInOverHttp(server, OWNER);
      const hits = await pool(requestsFor(cookie), 6);
      printSlowest(hits);
      expect(fivexx(hits)).toEqual([]);
      // Still signed in at the end (the run was the owner's throughout).
      expect(await send("GET", "/dashboard", { cookie })).toBe(200);
      console.log(`owner: ${hits.length} requests`);
    },
    Number(process.env.FUZZ_TIMEOUT ?? FUZZ_TIMEOUT_MS),
  );
});
