// The production server reuses rendered public pages for anonymous visitors as fixed bytes:
// the same body and ETag for everyone until the content changes, brotli and gzip made once,
// 304 on If-None-Match, answered before Express with the same headers as the full stack, and
// CDN-ready Cache-Control; any change through the app shows on the next request, one written
// by another process after at most FOLIO_CONTENT_CHECK_MS.
import Database from "better-sqlite3";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PUBLIC_CACHE_CONTROL } from "../../app/utils/env.server";
import { signInOverHttp, startTestServer, type TestServer } from "../support/server";

const API_TOKEN = "page-cache-test-api-token-0123456789";
const OWNER = { email: "owner@example.com", password: "page-cache-test-password" };
/** How old the content version a hit is checked against may be (a write by the CLI). */
const CHECK_MS = 300;
let server: TestServer;
let projectPath: string;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: {
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      API_TOKEN,
      RATE_LIMIT_DISABLED: "1",
      FOLIO_REQUEST_LOG: "1",
      FOLIO_CONTENT_CHECK_MS: String(CHECK_MS),
    },
  });
  projectPath = `/projects/${firstProjectId()}`;
});
afterAll(async () => {
  await server?.stop();
});

/** The most recently ordered project (the first card of /projects). */
function firstProjectId(): number {
  const db = new Database(server.databaseFile, { readonly: true });
  const row = db.prepare("SELECT id FROM Project ORDER BY position ASC, id DESC LIMIT 1").get();
  db.close();
  return (row as { id: number }).id;
}

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request with exactly these headers; the body as it came (not decompressed). */
function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(`${server.url}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject)
      .end();
  });
}

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  const body = await res.text();
  return { res, body, cache: res.headers.get("x-folio-cache") };
}

/** A change to the first project's title by another process (what the CLI does). */
function writeTitleFromAnotherProcess(title: string) {
  const db = new Database(server.databaseFile);
  db.pragma("busy_timeout = 5000");
  const before = db.prepare("SELECT title FROM Project WHERE id = ?").get(firstProjectId()) as {
    title: string;
  };
  db.prepare("UPDATE Project SET title = ? WHERE id = ?").run(title, firstProjectId());
  db.close();
  return before.title;
}

const waitMs = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Headers that belong to one answer (or to how it is encoded or stored), not to the page. */
const PER_RESPONSE = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "etag",
  "x-folio-cache",
]);
const pageHeaders = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));

const signIn = () => signInOverHttp(server, OWNER);

describe("fixed bytes per stored page", () => {
  it("answers every anonymous visitor the same bytes, ETag and CSP, with no nonce, and the full header set of a rendered answer", async () => {
    for (const path of ["/", "/projects", "/projects/react?page=1", "/resume", projectPath]) {
      const miss = await raw(path);
      const first = await raw(path);
      const second = await raw(path);
      expect(miss.status, path).toBe(200);
      expect(miss.headers["x-folio-cache"], path).toBe("miss");
      expect([first.headers["x-folio-cache"], second.headers["x-folio-cache"]], path).toEqual([
        "hit",
        "hit",
      ]);
      expect(second.body.equals(first.body), path).toBe(true);
      expect(first.body.equals(miss.body), path).toBe(true);
      expect(first.headers.etag, path).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(first.body.toString()).not.toMatch(/nonce/);
      expect(first.headers["content-security-policy"]).not.toMatch(/nonce/);
      // A hit (answered before Express) carries what the full stack sent, security headers,
      // CSP, Cache-Control and Vary included, apart from per-answer ones.
      expect(pageHeaders(first.headers), path).toEqual(pageHeaders(miss.headers));
      expect(first.headers).toMatchObject({
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "referrer-policy": "strict-origin-when-cross-origin",
        "cross-origin-opener-policy": "same-origin",
        "strict-transport-security": expect.stringMatching(/^max-age=/),
        "content-type": expect.stringMatching(/^text\/html/),
        "cache-control": DEFAULT_PUBLIC_CACHE_CONTROL,
      });
      expect(Number(first.headers["content-length"])).toBe(first.body.length);
    }
  });

  it("answers brotli, gzip or identity by Accept-Encoding, all the same page, with Vary, and HEAD without a body", async () => {
    const path = "/projects/laravel";
    await raw(path);
    const plain = await raw(path);
    const br = await raw(path, { "Accept-Encoding": "gzip, deflate, br" });
    const gz = await raw(path, { "Accept-Encoding": "gzip" });
    const head = await raw(path, { "Accept-Encoding": "gzip" }, "HEAD");
    for (const answer of [plain, br, gz, head]) {
      expect(answer.headers["x-folio-cache"]).toBe("hit");
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers.vary).toMatch(/Cookie/);
    }
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true); // checks CRC-32 and size
    expect(plain.body.toString()).toContain("My Laravel Type Projects");
    expect(br.body.length).toBeLessThan(gz.body.length);
    expect(gz.body.length).toBeLessThan(plain.body.length / 3);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    // Each coding is its own representation: its own strong ETag.
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(gz.headers["content-length"]);
    expect(head.headers.etag).toBe(gz.headers.etag);
  });

  it("answers 304 to If-None-Match naming the ETag (W/ or not), and the page to another tag", async () => {
    await raw("/resume");
    const page = await raw("/resume", { "Accept-Encoding": "br" });
    const etag = String(page.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await raw("/resume", { "Accept-Encoding": "br", "If-None-Match": ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["cache-control"]).toBe(DEFAULT_PUBLIC_CACHE_CONTROL);
      expect(again.headers["content-security-policy"]).toBe(
        page.headers["content-security-policy"],
      );
    }
    const other = await raw("/resume", { "Accept-Encoding": "br", "If-None-Match": '"stale"' });
    expect(other.status).toBe(200);
    expect(other.body.equals(page.body)).toBe(true);
  });

  it("keeps the ETag of unchanged content across a re-render, and changes it with the content", async () => {
    await raw(projectPath);
    const before = await raw(projectPath);
    expect(before.headers["x-folio-cache"]).toBe("hit");
    const original = writeTitleFromAnotherProcess(`Retitled ${Date.now().toString(36)}`);
    await waitMs(CHECK_MS);
    const changed = await raw(projectPath);
    expect(changed.headers["x-folio-cache"]).toBe("miss");
    expect(changed.headers.etag ?? (await raw(projectPath)).headers.etag).not.toBe(
      before.headers.etag,
    );
    writeTitleFromAnotherProcess(original);
    await waitMs(CHECK_MS);
    const rendered = await raw(projectPath);
    expect(rendered.headers["x-folio-cache"]).toBe("miss"); // rendered again...
    expect(rendered.body.equals(before.body)).toBe(true); // ...into the very same bytes
    const after = await raw(projectPath);
    expect(after.headers["x-folio-cache"]).toBe("hit");
    expect(after.headers.etag).toBe(before.headers.etag);
  });
});

describe("seeing changes", () => {
  it("shows a change made through the app on the next request", async () => {
    await get("/");
    expect((await get("/")).cache).toBe("hit");
    const name = `Cached-${Date.now().toString(36)}`;
    const res = await fetch(`${server.url}/addskill`, {
      method: "POST",
      headers: { Authorization: `Bearer ${API_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name }),
    });
    expect(res.status).toBe(201);
    const after = await get("/");
    expect(after.cache).toBe("miss");
    expect(after.body).toContain(name);
  });

  it(`shows a change another process wrote to the database once FOLIO_CONTENT_CHECK_MS (${CHECK_MS} ms) have passed`, async () => {
    await get("/projects");
    expect((await get("/projects")).cache).toBe("hit");
    const title = `Written by the CLI ${Date.now().toString(36)}`;
    writeTitleFromAnotherProcess(title);
    const written = performance.now();
    await waitMs(CHECK_MS);
    const after = await get("/projects");
    expect(after.cache).toBe("miss");
    expect(after.body).toContain(title);
    expect(performance.now() - written).toBeLessThan(CHECK_MS + 1000);
  });
});

describe("who gets a stored page", () => {
  it("keeps one page per theme, and never answers the owner or other cookies with the shared page", async () => {
    const chosen = await fetch(`${server.url}/theme`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ theme: "dark", redirectTo: "/" }),
    });
    const themeCookie = chosen.headers.getSetCookie()[0].split(";")[0];
    expect(themeCookie).toMatch(/^folio_theme=/);
    const isDark = (body: string) => /<html[^>]*class="[^"]*\bdark\b/.test(body);
    await get("/", { Cookie: themeCookie });
    const dark = await get("/", { Cookie: themeCookie });
    expect(dark.cache).toBe("hit");
    expect(isDark(dark.body)).toBe(true);
    await get("/");
    const plain = await get("/");
    expect(plain.cache).toBe("hit");
    expect(isDark(plain.body)).toBe(false);

    const cookie = await signIn();
    const ownerHeaders: Array<Record<string, string>> = [
      { Cookie: cookie },
      { Cookie: `${cookie}; ${themeCookie}` },
      { Authorization: `Bearer ${API_TOKEN}` },
    ];
    for (const headers of ownerHeaders) {
      const owner = await get("/", headers);
      expect(owner.res.status).toBe(200);
      expect(owner.cache, JSON.stringify(headers)).toBeNull();
      expect(owner.res.headers.get("etag")).toBeNull();
      expect(owner.res.headers.get("cache-control")).toBe("no-store");
    }
    // Another cookie is rendered afresh (never stored, never answered from the store).
    expect((await get("/", { Cookie: "folio_theme=ImRhcmsi; other=1" })).cache).toBeNull();
  });

  it("does not reuse the contact page, unknown parameters or error pages", async () => {
    for (const path of ["/contact", "/dashboard", "/projects?utm_source=x", "/sitemap.xml"]) {
      await get(path);
      expect((await get(path)).cache, path).toBeNull();
    }
    await get("/projects/999999");
    const missing = await get("/projects/999999");
    expect(missing.res.status).toBe(404);
    expect(missing.cache).toBe("miss");
  });
});

describe("CDN-ready caching", () => {
  it(`sends "${DEFAULT_PUBLIC_CACHE_CONTROL}" and Vary: Cookie on public pages, stored or rendered, themed or not`, async () => {
    for (const [path, headers] of [
      ["/projects/react", {}],
      ["/projects/react", {}],
      ["/projects?utm_source=news", {}],
      ["/", { Cookie: "folio_theme=ImRhcmsi" }],
    ] as const) {
      const res = await raw(path, headers);
      expect(res.status, path).toBe(200);
      expect(res.headers["cache-control"], path).toBe(DEFAULT_PUBLIC_CACHE_CONTROL);
      expect(res.headers.vary, path).toMatch(/Cookie/);
    }
  });

  it("never makes a private answer shared-cacheable: owner pages, dashboard, login, writes, anything setting a cookie", async () => {
    const cookie = await signIn();
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    const answers: Array<[string, string, RequestInit]> = [
      ["owner's home page", "/", { headers: { Cookie: cookie } }],
      ["owner's project page", projectPath, { headers: { Cookie: cookie } }],
      ["dashboard", "/dashboard", { headers: { Cookie: cookie } }],
      ["dashboard data", "/dashboard?_data=routes%2Fdashboard", { headers: { Cookie: cookie } }],
      ["sign-in page", "/login", {}],
      ["failed sign-in", "/login", form({ intent: "login", email: OWNER.email, password: "x" })],
      ["theme switch", "/theme", form({ theme: "dark", redirectTo: "/" })],
      [
        "API read with the token",
        "/addskill",
        { headers: { Authorization: `Bearer ${API_TOKEN}` } },
      ],
      [
        "API write",
        "/addskill",
        {
          method: "POST",
          headers: { Authorization: `Bearer ${API_TOKEN}`, "Content-Type": "application/json" },
          body: JSON.stringify({ name: `Private-${Date.now().toString(36)}` }),
        },
      ],
    ];
    for (const [what, path, init] of answers) {
      const res = await fetch(`${server.url}${path}`, { redirect: "manual", ...init });
      await res.arrayBuffer();
      const cacheControl = res.headers.get("cache-control") ?? "";
      expect(cacheControl, what).toMatch(/no-store|private/);
      expect(cacheControl, what).not.toMatch(/public|s-maxage/);
      if (res.headers.getSetCookie().length > 0) expect(cacheControl, what).toMatch(/no-store/);
    }
  });
});

describe("the request log", () => {
  it("logs a hit in the same combined format as a rendered answer", async () => {
    const agent = `log-test-${Date.now().toString(36)}`;
    await raw("/resume?page=1", { "User-Agent": agent });
    const hit = await raw("/resume?page=1", { "User-Agent": agent });
    expect(hit.headers["x-folio-cache"]).toBe("hit");
    const linesOf = () =>
      server
        .output()
        .split("\n")
        .filter((l) => l.includes(agent));
    // The server's output arrives through a pipe: its lines may come just after the answers.
    for (let tries = 0; linesOf().length < 2 && tries < 100; tries++) await waitMs(20);
    const lines = linesOf();
    const combined = (length: string) =>
      new RegExp(
        `^127\\.0\\.0\\.1 - - \\[\\d\\d/[A-Z][a-z]{2}/\\d{4}:\\d\\d:\\d\\d:\\d\\d \\+0000\\] "GET /resume\\?page=1 HTTP/1\\.1" 200 ${length} "-" "${agent}"$`,
      );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(combined("(\\d+|-)")); // morgan, through Express
    expect(lines[1]).toMatch(combined(String(hit.body.length))); // the hit, before Express
  });
});
