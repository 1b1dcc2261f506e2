// The production server reuses rendered public pages for anonymous visitors: each answer still
// carries its own CSP nonce, and any change to the content (through the app, or by another
// process writing the database) shows on the very next request.
import Database from "better-sqlite3";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp, startTestServer, type TestServer } from "../support/server";

const API_TOKEN = "page-cache-test-api-token-0123456789";
const OWNER = { email: "owner@example.com", password: "page-cache-test-password" };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: {
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      API_TOKEN,
      RATE_LIMIT_DISABLED: "1",
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  const body = await res.text();
  const csp = res.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
  return { res, body, nonce, cache: res.headers.get("x-folio-cache") };
}

/** The page with its nonce taken out: what must be identical between two visitors. */
const withoutNonce = (page: { body: string; nonce: string }) =>
  page.body.split(page.nonce).join("NONCE");

async function addSkill(name: string) {
  const res = await fetch(`${server.url}/addskill`, {
    method: "POST",
    headers: { Authorization: `Bearer ${API_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(201);
}

const signIn = () => signInOverHttp(server, OWNER);

describe("reused public pages", () => {
  it("answers the same page again with a fresh nonce in the header and in every script tag", async () => {
    for (const path of ["/", "/projects", "/projects/react?page=1", "/resume"]) {
      const first = await get(path);
      const second = await get(path);
      expect(first.res.status).toBe(200);
      expect(second.cache, path).toBe("hit");
      expect(second.nonce).not.toBe(first.nonce);
      expect(second.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      // Every nonce in the reused page is the new one; none of the old one is left.
      const nonces = [...second.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
      expect(nonces.length).toBeGreaterThan(0);
      expect(new Set(nonces)).toEqual(new Set([second.nonce]));
      expect(second.body).not.toContain(first.nonce);
      expect(withoutNonce(second)).toBe(withoutNonce(first));
      expect(second.res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(second.res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("shows a change made through the app on the next request", async () => {
    await get("/");
    expect((await get("/")).cache).toBe("hit");
    const name = `Cached-${Date.now().toString(36)}`;
    await addSkill(name);
    const after = await get("/");
    expect(after.cache).toBe("miss");
    expect(after.body).toContain(name);
  });

  it("shows a change another process wrote to the database on the next request", async () => {
    await get("/projects");
    expect((await get("/projects")).cache).toBe("hit");
    const title = `Written by the CLI ${Date.now().toString(36)}`;
    const db = new Database(server.databaseFile);
    db.pragma("busy_timeout = 5000");
    // The most recently ordered project is the first card of /projects.
    const first = db
      .prepare("SELECT id FROM Project ORDER BY position ASC, id DESC LIMIT 1")
      .get() as {
      id: number;
    };
    db.prepare("UPDATE Project SET title = ? WHERE id = ?").run(title, first.id);
    db.close();
    const after = await get("/projects");
    expect(after.cache).toBe("miss");
    expect(after.body).toContain(title);
  });

  it("keeps one page per theme, and never reuses pages for the owner or other cookies", async () => {
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
    for (const headers of [{ Cookie: cookie }, { Cookie: `${cookie}; ${themeCookie}` }]) {
      const owner = await get("/", headers);
      expect(owner.res.status).toBe(200);
      expect(owner.cache).toBeNull();
    }
  });

  it("does not reuse the contact page, other methods, unknown parameters or error pages", async () => {
    for (const path of ["/contact", "/dashboard", "/projects?utm_source=x", "/sitemap.xml"]) {
      await get(path);
      expect((await get(path)).cache, path).toBeNull();
    }
    // A project that does not exist is a 404 every time, never stored.
    await get("/projects/999999");
    const missing = await get("/projects/999999");
    expect(missing.res.status).toBe(404);
    expect(missing.cache).toBe("miss");
  });

  it("answers reused pages gzip-compressed to clients that accept it, as a valid gzip of the stamped page", async () => {
    const plain = await get("/projects/laravel");
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(
            `${server.url}/projects/laravel`,
            { headers: { "Accept-Encoding": "gzip" } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c: Buffer) => chunks.push(c));
              res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          )
          .on("error", reject);
      },
    );
    expect(raw.headers["x-folio-cache"]).toBe("hit");
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(raw.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
    // gunzip checks the CRC-32 and the size in the trailer.
    const page = zlib.gunzipSync(raw.body).toString("utf8");
    const nonce = /'nonce-([^']+)'/.exec(String(raw.headers["content-security-policy"]))?.[1] ?? "";
    expect(nonce).not.toBe(plain.nonce);
    expect(withoutNonce({ body: page, nonce })).toBe(withoutNonce(plain));
    expect(page).toContain("My Laravel Type Projects");
    expect(raw.body.length).toBeLessThan(Buffer.byteLength(page) / 3);
  });
});
