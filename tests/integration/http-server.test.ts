import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp, startTestServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: { OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "http-test-password" },
  });
});
afterAll(async () => {
  await server?.stop();
});

const signIn = () =>
  signInOverHttp(server, { email: "owner@example.com", password: "http-test-password" });

describe("the production server", () => {
  it("answers /healthz with a small JSON when the database is reachable and writable", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toMatchObject({ ok: true, database: "ok" });
  });

  it("sets the production session cookie with the __Host- prefix and Secure", async () => {
    const res = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "login",
        email: "owner@example.com",
        password: "http-test-password",
      }),
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith("__Host-folio_session="));
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; HttpOnly/);
  });

  it("refuses cross-site POSTs with 403 before any action runs: a page, a ?_data request and a resource route", async () => {
    const cookie = await signIn();
    const evil = {
      Origin: "https://evil.example",
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
    };
    const page = await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: evil,
      body: "",
    });
    expect(page.status).toBe(403);
    const data = await fetch(`${server.url}/logout?_data=routes%2Flogout`, {
      method: "POST",
      redirect: "manual",
      headers: evil,
      body: "",
    });
    expect(data.status).toBe(403);
    expect(await data.json()).toEqual({ success: false, error: "Cross-site request refused." });
    const resource = await fetch(`${server.url}/healthz`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site", Cookie: cookie },
    });
    expect(resource.status).toBe(403);
    // The session survived: the logout action never ran.
    const dash = await fetch(`${server.url}/dashboard`, {
      redirect: "manual",
      headers: { Cookie: cookie },
    });
    expect(dash.status).toBe(200);
  });

  it("sends security headers and a fresh CSP nonce on every response, and no X-Powered-By", async () => {
    const a = await fetch(`${server.url}/login`);
    const b = await fetch(`${server.url}/login`);
    const csp = a.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/base-uri 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toBe(b.headers.get("content-security-policy"));
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("x-powered-by")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(await a.text()).toContain(`nonce="${nonce}"`);
  });

  it("serves hashed assets with a year of immutable caching", async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${server.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers /healthz 503 when a write to the database fails", async () => {
    const broken = await startTestServer();
    try {
      expect((await fetch(`${broken.url}/healthz`)).status).toBe(200);
      const db = new Database(broken.databaseFile);
      db.exec('DROP TABLE "RateLimit"');
      db.close();
      const res = await fetch(`${broken.url}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ok: false, database: "unavailable" });
    } finally {
      await broken.stop();
    }
  });
});
