import { describe, expect, it } from "vitest";
import { checkCrossSite, isApiPath } from "./guards.js";

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
});
