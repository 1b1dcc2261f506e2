// Hardening of the production server: security headers on every kind of response, and loader
// data that carries no secret.
import Database from "better-sqlite3";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_SCRIPT_HASHES, publicPagesPolicy } from "../../server/security-headers";
import { BUILD_DIR, ROOT } from "../support/paths";
import { startTestServer, type TestServer } from "../support/server";

const OWNER = { email: "owner@example.com", password: "hardening-test-password" };
const SECRETS = {
  SESSION_SECRET: "hardening-session-secret",
  API_TOKEN: "hardening-api-token-1234567890",
};
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: {
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      RATE_LIMIT_DISABLED: "1",
      ...SECRETS,
    },
  });
  const res = await fetch(`${server.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", ...OWNER }),
  });
  expect(res.status).toBe(302);
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});
afterAll(async () => {
  await server?.stop();
});

const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${p}`, { redirect: "manual", headers });
const asOwner = (p: string) => get(p, { Cookie: cookie });

/** The public site's pages: no nonce, one fixed policy (scripts of this origin and by hash). */
const PUBLIC_PAGE = new Set(["home page", "404 page", "missing asset", "/", "/no-such-page-here"]);

/** Checks the headers; the response's nonce, or "" for a public page (which has none). */
function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp, what).toMatch(/(^|; )default-src 'self'/);
  if (PUBLIC_PAGE.has(what)) {
    expect(csp, what).toBe(publicPagesPolicy());
    expect(csp, what).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]{44}';/);
  } else {
    expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  }
  expect(csp, what).toMatch(/object-src 'none'/);
  expect(csp, what).toMatch(/base-uri 'none'/);
  expect(csp, what).toMatch(/frame-ancestors 'none'/);
  expect(csp, what).not.toMatch(/unsafe-eval/);
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
  expect(res.headers.get("strict-transport-security"), what).toMatch(/max-age=\d{8,}/);
  expect(res.headers.get("x-powered-by"), what).toBeNull();
  return PUBLIC_PAGE.has(what) ? "" : /'nonce-([^']+)'/.exec(csp)![1];
}

describe("security headers", () => {
  it("are on pages, resource routes, redirects, errors, static files and refusals, with a fresh nonce on every response but the public pages", async () => {
    const html = await (await get("/login")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const cases: Array<[string, () => Promise<Response>, number]> = [
      ["home page", () => get("/"), 200],
      ["login page", () => get("/login"), 200],
      ["dashboard page", () => asOwner("/dashboard"), 200],
      ["backup page", () => asOwner("/dashboard/admin/backup"), 200],
      ["loader data", () => asOwner("/dashboard?_data=routes%2Fdashboard"), 200],
      ["health resource route", () => get("/healthz"), 200],
      ["backup download resource route", () => asOwner("/dashboard/admin/backup/download"), 200],
      ["redirect to login", () => get("/dashboard"), 302],
      ["404 page", () => get("/no-such-page-here"), 404],
      ["404 in the dashboard", () => asOwner("/dashboard/no-such-screen"), 404],
      ["static file", () => get("/favicon.svg"), 200],
      ["hashed asset", () => get(asset!), 200],
      ["missing asset", () => get("/assets/no-such-file.js"), 404],
      ["malformed URL", () => get("/assets/%E0%A4%A"), 400],
      [
        "cross-site refusal",
        () =>
          fetch(`${server.url}/logout`, {
            method: "POST",
            headers: { Origin: "https://evil.example", Cookie: cookie },
          }),
        403,
      ],
    ];
    const nonces = new Set<string>();
    for (const [what, request, status] of cases) {
      const res = await request();
      expect(res.status, what).toBe(status);
      nonces.add(expectSecurityHeaders(res, what));
      await res.arrayBuffer();
    }
    // The same page twice: two different nonces, and all responses got their own.
    nonces.add(expectSecurityHeaders(await get("/login"), "login again"));
    nonces.delete(""); // the public pages
    const publicPages = cases.filter(([what]) => PUBLIC_PAGE.has(what)).length;
    expect(nonces.size).toBe(cases.length - publicPages + 1);
  });

  it("puts the response's nonce on every script of a page, so the enforcing CSP lets them run", async () => {
    for (const p of ["/login", "/dashboard"]) {
      const res = p === "/login" ? await get(p) : await asOwner(p);
      const nonce = expectSecurityHeaders(res, p);
      const body = await res.text();
      const scripts = body.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, p).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, p).toContain(`nonce="${nonce}"`);
    }
  });

  it("lets a public page run only its own script file and its inline Speculation Rules (by hash)", async () => {
    for (const p of ["/", "/no-such-page-here"]) {
      const res = await get(p);
      expectSecurityHeaders(res, p);
      const body = await res.text();
      expect(body, p).not.toContain("nonce");
      const files = [...body.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
      expect(files, p).toEqual([expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/)]);
      // Every inline script is JSON data (never run) or one the policy allows by its hash.
      for (const [, attrs, text] of body.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)) {
        if (/src=/.test(attrs) || /application\/ld\+json/.test(attrs)) continue;
        const hash = `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
        expect(PUBLIC_SCRIPT_HASHES, `${p}: <script${attrs}>`).toContain(hash);
      }
    }
  });
});

describe("loader data", () => {
  const serverBuild = fs.readFileSync(path.join(ROOT, BUILD_DIR, "server/index.js"), "utf8");
  // Route ids of pages the owner and visitors see, with a URL each matches (only those present).
  const pages: Array<[string, string]> = [
    ["/", "root"],
    ["/", "routes/_site"],
    ["/", "routes/_site._index"],
    ["/projects", "routes/_site.projects._index"],
    ["/projects/react", "routes/_site.projects.react"],
    ["/contact", "routes/_site.contact"],
    ["/login", "routes/login"],
    ["/dashboard", "routes/dashboard"],
    ["/dashboard", "routes/dashboard._index"],
    ["/dashboard/admin/profile", "routes/dashboard.admin.profile"],
    ["/dashboard/admin/backup", "routes/dashboard.admin.backup"],
    ["/dashboard/admin/security", "routes/dashboard.admin.security._index"],
  ].filter(([, id]) => {
    if (id === "root") return true;
    if (!serverBuild.includes(`"${id}"`)) return false;
    const file = ["tsx", "ts"]
      .map((ext) => path.join(ROOT, "app", `${id}.${ext}`))
      .find((f) => fs.existsSync(f));
    return (
      file !== undefined && /export (async )?function loader/.test(fs.readFileSync(file, "utf8"))
    );
  }) as Array<[string, string]>;

  it("never carries a password hash, session id, API token or secret, for the owner or a visitor", async () => {
    const db = new Database(server.databaseFile, { readonly: true });
    const sessionIds = (db.prepare("SELECT id FROM Session").all() as Array<{ id: string }>).map(
      (r) => r.id,
    );
    const hash = (db.prepare("SELECT passwordHash FROM Owner").get() as { passwordHash: string })
      .passwordHash;
    db.close();
    expect(sessionIds.length).toBeGreaterThan(0);
    const forbidden = [
      ...sessionIds,
      hash,
      SECRETS.SESSION_SECRET,
      SECRETS.API_TOKEN,
      OWNER.password,
      "passwordHash",
      "ownerId",
      "expiresAt",
      '"sessions"',
      "$2a$",
      "$2b$",
    ];
    let checked = 0;
    for (const [url, routeId] of pages) {
      for (const headers of [{ Cookie: cookie }, {}] as Array<Record<string, string>>) {
        const res = await get(`${url}?_data=${encodeURIComponent(routeId)}`, headers);
        if (res.status === 302 || res.status === 204) continue; // visitor sent to /login
        expect(res.status, `${routeId} for ${headers.Cookie ? "owner" : "visitor"}`).toBe(200);
        const text = await res.text();
        for (const secret of forbidden) expect(text, routeId).not.toContain(secret);
        checked++;
      }
      // The rendered page embeds the same data for hydration.
      const page = await (await get(url, { Cookie: cookie })).text();
      for (const secret of forbidden) expect(page, url).not.toContain(secret);
    }
    expect(checked).toBeGreaterThanOrEqual(pages.length);
  });
});
