import express from "express";
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { contentClock } from "./content-clock";
import { PageStore, pageCache, pageCacheKey, type StoredPage } from "./page-cache";

const base = { method: "GET", host: "folio.example", protocol: "https", url: "/", path: "/" };
const key = (o: Partial<Parameters<typeof pageCacheKey>[0]>) => pageCacheKey({ ...base, ...o });

describe("pageCacheKey", () => {
  it("gives the public pages a key, with the query in a stable order", () => {
    for (const path of [
      "/",
      "/projects",
      "/projects/react",
      "/projects/laravel",
      "/projects/12",
      "/resume",
    ])
      expect(key({ path, url: path }), path).not.toBeNull();
    expect(key({ path: "/projects", url: "/projects?page=2&_data=x" })).toBe(
      key({ path: "/projects", url: "/projects?_data=x&page=2" }),
    );
    expect(key({ path: "/projects", url: "/projects?page=2" })).not.toBe(
      key({ path: "/projects", url: "/projects?page=3" }),
    );
  });

  it("refuses everything else: other pages, methods, parameters and cookies", () => {
    for (const path of [
      "/contact",
      "/dashboard",
      "/login",
      "/addskill",
      "/projects/abc",
      "/images/x",
    ])
      expect(key({ path, url: path }), path).toBeNull();
    expect(key({ method: "POST" })).toBeNull();
    expect(key({ url: "/?utm_source=news" })).toBeNull();
    expect(key({ cookie: "__Host-folio_session=abc" })).toBeNull();
    expect(key({ cookie: "folio_theme=ImRhcmsi; folio_toast=xyz" })).toBeNull();
    expect(key({ authorization: "Bearer some-token" })).toBeNull();
  });

  it("keeps the theme, the host and the protocol apart", () => {
    const dark = key({ cookie: "folio_theme=ImRhcmsi" });
    expect(dark).not.toBeNull();
    expect(dark).not.toBe(key({}));
    expect(key({ host: "other.example" })).not.toBe(key({}));
    expect(key({ protocol: "http" })).not.toBe(key({}));
    expect(key({ method: "HEAD" })).toBe(key({}));
  });
});

describe("pageCacheKey and forged hosts", () => {
  it("never caches under a malformed or oversized Host, and folds case", () => {
    for (const host of [
      "",
      undefined,
      "evil.example/x",
      "evil.example:99999999",
      "a b",
      "evil.example\r\nx",
      `${"a".repeat(63)}.`.repeat(5),
      "folio.example@evil.example",
    ])
      expect(key({ host }), String(host)).toBeNull();
    expect(key({ host: "FOLIO.example" })).toBe(key({ host: "folio.example" }));
    expect(key({ host: "127.0.0.1:3000" })).not.toBeNull();
    expect(key({ host: "[::1]:3000" })).not.toBeNull();
  });
  it("with PUBLIC_URL, caches that origin only", () => {
    const publicOrigin = "https://folio.example";
    expect(key({ publicOrigin })).toBe(key({}));
    expect(key({ publicOrigin, host: "evil.example" })).toBeNull();
    expect(key({ publicOrigin, host: "folio.example:8080" })).toBeNull();
    expect(key({ publicOrigin, protocol: "http" })).toBeNull();
  });
});

describe("PageStore", () => {
  const entry = (bytes: number) => ({ bytes, version: 1, storedAt: 0 }) as StoredPage;

  it("drops the least recently used pages beyond its entry and byte limits", () => {
    const store = new PageStore({ maxEntries: 2, maxBytes: 100 });
    store.set("a", entry(10));
    store.set("b", entry(10));
    store.get("a"); // a is now the most recently used
    store.set("c", entry(10));
    expect([...store.entries.keys()]).toEqual(["a", "c"]);
    store.set("d", entry(95));
    expect([...store.entries.keys()]).toEqual(["d"]);
    expect(store.bytes).toBe(95);
    store.set("e", entry(101)); // larger than the whole store: not kept
    expect(store.get("e")).toBeUndefined();
    expect(store.bytes).toBe(95);
  });
});

describe("pageCache middleware", () => {
  /** A real Express app: a nonce per response (like securityHeaders), then the cache, then a page. */
  async function serve(page: (nonce: string) => { html: string; csp: string }) {
    const store = new PageStore();
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
      next();
    });
    app.use(pageCache({ clock: contentClock({ read: () => 1, maxStaleMs: 0 }), store }));
    app.get("/", (_req, res) => {
      const { html, csp } = page(res.locals.cspNonce as string);
      res.setHeader("Content-Security-Policy", csp);
      res.type("html").send(html);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const caches: Array<string | null> = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(url);
      await res.text();
      caches.push(res.headers.get("x-folio-cache"));
    }
    server.close();
    return caches;
  }

  it("reuses a page without a nonce, and never one that carries it in its body or its CSP", async () => {
    expect(await serve(() => ({ html: "<p>same</p>", csp: "script-src 'self'" }))).toEqual([
      "miss",
      "hit",
      "hit",
    ]);
    const inBody = await serve((n) => ({ html: `<script nonce="${n}"></script>`, csp: "x" }));
    expect(inBody).toEqual(["miss", "miss", "miss"]);
    const inPolicy = await serve((n) => ({ html: "<p>same</p>", csp: `script-src 'nonce-${n}'` }));
    expect(inPolicy).toEqual(["miss", "miss", "miss"]);
  });
});
