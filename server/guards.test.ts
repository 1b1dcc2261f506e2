import type { Request, RequestHandler, Response } from "express";
import { describe, expect, it } from "vitest";
import {
  carriesCredentialCookie,
  checkCrossSite,
  isApiPath,
  selfOriginOf,
  stripForwardedHeaders,
  forwardedHostAsHost,
} from "./guards";

/** Runs a middleware that only reads and changes the request's headers. */
function runOnHeaders(middleware: RequestHandler, req: { headers: Record<string, string> }) {
  middleware(req as unknown as Request, {} as Response, () => {});
}

const base = {
  selfOrigin: "https://folio.example",
  allowedOrigins: ["https://admin.example"],
  path: "/login",
};

describe("checkCrossSite", () => {
  it("lets safe methods through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect(checkCrossSite({ ...base, method, origin: "https://evil.example" })).toBeNull();
  });
  it("refuses a POST from another origin (pages, ?_data requests and resource routes alike)", () => {
    for (const path of ["/login", "/dashboard/admin/skills/add", "/addskill"]) {
      expect(
        checkCrossSite({ ...base, method: "POST", path, origin: "https://evil.example" }),
      ).toEqual({ status: 403, message: "Cross-site request refused." });
    }
    expect(
      checkCrossSite({ ...base, method: "DELETE", path: "/addskill/1", origin: "null" })?.status,
    ).toBe(403);
  });
  it("accepts the site's own origin", () => {
    expect(checkCrossSite({ ...base, method: "POST", origin: "https://folio.example" })).toBeNull();
  });
  it("falls back to Sec-Fetch-Site when there is no Origin", () => {
    expect(checkCrossSite({ ...base, method: "POST", secFetchSite: "cross-site" })?.status).toBe(
      403,
    );
    expect(checkCrossSite({ ...base, method: "POST", secFetchSite: "same-site" })?.status).toBe(
      403,
    );
    expect(checkCrossSite({ ...base, method: "POST", secFetchSite: "same-origin" })).toBeNull();
  });
  it("lets header-less clients (curl, API token scripts) through to their own authentication", () => {
    expect(checkCrossSite({ ...base, method: "PUT", path: "/addfeather/1" })).toBeNull();
  });
  it("allows ALLOWED_ORIGINS only on API paths", () => {
    expect(
      checkCrossSite({
        ...base,
        method: "POST",
        path: "/addskill",
        origin: "https://admin.example",
      }),
    ).toBeNull();
    expect(
      checkCrossSite({ ...base, method: "POST", path: "/login", origin: "https://admin.example" })
        ?.status,
    ).toBe(403);
  });
  it("knows the API prefixes exactly", () => {
    expect(isApiPath("/addskill")).toBe(true);
    expect(isApiPath("/addskill/3")).toBe(true);
    expect(isApiPath("/addskills")).toBe(false);
    expect(isApiPath("/api/openapi.json")).toBe(true);
  });
  it("without Origin, accepts a same-origin Referer and refuses a foreign (or unreadable) one", () => {
    const post = (referer: string | undefined, extra = {}) =>
      checkCrossSite({ ...base, method: "POST", referer, cookie: "folio_session=abc", ...extra });
    expect(post("https://folio.example/dashboard/admin/skills")).toBeNull();
    expect(post("https://folio.example/")).toBeNull();
    for (const referer of [
      "https://evil.example/page",
      "http://folio.example/", // another scheme is another origin
      "https://folio.example.evil.example/",
      "https://folio.example:8443/",
      "not a url",
      "javascript:alert(1)",
    ])
      expect(post(referer)?.status, referer).toBe(403);
    // Without cookies too: a foreign page is never a source of writes.
    expect(post("https://evil.example/", { cookie: undefined })?.status).toBe(403);
    // ALLOWED_ORIGINS by Referer, on API paths only.
    expect(post("https://admin.example/app", { path: "/addskill" })).toBeNull();
    expect(post("https://admin.example/app")?.status).toBe(403);
  });
  it("refuses a request that carries a cookie but neither Origin nor Referer", () => {
    for (const cookie of [
      "folio_session=abc",
      "__Host-folio_session=abc",
      "folio_theme=ImRhcmsi; folio_session=abc",
      "anything=else",
    ]) {
      const refused = checkCrossSite({ ...base, method: "POST", path: "/logout", cookie });
      expect(refused?.status, cookie).toBe(403);
      expect(refused?.message).toMatch(/neither where it comes from \(Origin\)/);
    }
    // The theme cookie alone carries no authority.
    expect(checkCrossSite({ ...base, method: "POST", cookie: "folio_theme=ImRhcmsi" })).toBeNull();
    // A Bearer-token API call is authenticated by its token, not the cookie.
    expect(
      checkCrossSite({
        ...base,
        method: "POST",
        path: "/addskill",
        cookie: "folio_session=abc",
        authorization: "Bearer some-token",
      }),
    ).toBeNull();
    expect(
      checkCrossSite({
        ...base,
        method: "POST",
        path: "/dashboard/admin/skills/add",
        cookie: "folio_session=abc",
        authorization: "Bearer some-token",
      })?.status,
    ).toBe(403);
  });
  it("tells credential cookies from the theme cookie", () => {
    expect(carriesCredentialCookie(undefined)).toBe(false);
    expect(carriesCredentialCookie("")).toBe(false);
    expect(carriesCredentialCookie("folio_theme=x")).toBe(false);
    expect(carriesCredentialCookie("folio_theme=x;  folio_session=y")).toBe(true);
  });
});

describe("proxy headers", () => {
  const request = (headers: Record<string, string>) => ({
    protocol: "http",
    headers: { host: "folio.example", ...headers },
  });
  it("selfOriginOf reads X-Forwarded-Proto/Host only behind a trusted proxy (first value)", () => {
    const forged = {
      "x-forwarded-proto": "https, http",
      "x-forwarded-host": "evil.example:8080, x",
    };
    expect(selfOriginOf(request(forged), false)).toBe("http://folio.example");
    expect(selfOriginOf(request(forged), true)).toBe("https://evil.example:8080");
    expect(selfOriginOf(request({ "x-forwarded-host": "" }), true)).toBe("http://folio.example");
  });
  it("stripForwardedHeaders drops every proxy header but the kept ones", () => {
    const headers = {
      host: "folio.example",
      forwarded: "for=1.2.3.4;host=evil.example",
      "x-forwarded-for": "1.2.3.4",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      "x-forwarded-port": "8443",
      "x-real-ip": "1.2.3.4",
    };
    const off = { headers: { ...headers } };
    runOnHeaders(stripForwardedHeaders(), off);
    expect(off.headers).toEqual({ host: "folio.example" });
    const on = { headers: { ...headers } };
    runOnHeaders(
      stripForwardedHeaders({ keep: ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host"] }),
      on,
    );
    expect(Object.keys(on.headers).sort()).toEqual([
      "host",
      "x-forwarded-for",
      "x-forwarded-host",
      "x-forwarded-proto",
    ]);
  });
  it("forwardedHostAsHost makes the first X-Forwarded-Host the Host (TRUST_PROXY on)", () => {
    const req = {
      headers: { host: "app:3000", "x-forwarded-host": "folio.example, proxy.internal" },
    };
    runOnHeaders(forwardedHostAsHost(), req);
    expect(req.headers).toEqual({ host: "folio.example", "x-forwarded-host": "folio.example" });
    const none = { headers: { host: "app:3000", "x-forwarded-host": " " } };
    runOnHeaders(forwardedHostAsHost(), none);
    expect(none.headers).toEqual({ host: "app:3000" });
  });
});
