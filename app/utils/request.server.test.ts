import { describe, expect, it } from "vitest";
import { safeRedirect } from "./request.server";

/** Where a browser would go for `target` served as a Location on https://folio.example. */
const browserOrigin = (target: string) => new URL(target, "https://folio.example/login").origin;

describe("safeRedirect", () => {
  const hostile = [
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/%09/evil.example",
    "/\t/evil.example",
    "/\t\t/evil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%2F/evil.example",
    "/%2f/evil.example",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "/%0a/x",
    "/%0A/evil.example",
    "/%0d%0a/evil.example",
    "/\r\n/evil",
    "/\n/evil.example",
    "/%252F/evil.example",
    "/%25252F/evil.example",
    "/%255Cevil.example",
    "/%2509/evil.example",
    "%252F%252Fevil.example",
    " /\t/evil.example",
    " //evil.example",
    "\t//evil.example",
    "\n/dashboard",
    " /dashboard",
    "/dashboard%0d%0aSet-Cookie:x=1",
    "/%E0%A4%A",
    "/%",
    "evil.example",
    "dashboard",
    "?x=1",
    "#top",
    "/" + "a".repeat(5000),
  ];
  it.each(hostile.map((v) => [JSON.stringify(v), v]))(
    "falls back to the default for %s",
    (_label, value) => {
      expect(safeRedirect(value)).toBe("/dashboard");
      expect(safeRedirect(value, "/")).toBe("/");
    },
  );

  const local: Array<[string, string]> = [
    ["/dashboard", "/dashboard"],
    ["/dashboard/admin/projects?page=2", "/dashboard/admin/projects?page=2"],
    ["/dashboard/admin/projects?page=2#list", "/dashboard/admin/projects?page=2#list"],
    ["/projects/react", "/projects/react"],
    ["/", "/"],
    ["/dashboard/../resume", "/resume"],
    ["/dashboard?q=caf%C3%A9", "/dashboard?q=caf%C3%A9"],
    ["/dashboard?q=café", "/dashboard?q=caf%C3%A9"],
    ["/dashboard?back=%2Fdashboard", "/dashboard?back=%2Fdashboard"],
  ];
  it.each(local)("keeps the local path %s (as %s)", (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it("answers the default for missing or non-text values, and never throws", () => {
    expect(safeRedirect(null)).toBe("/dashboard");
    expect(safeRedirect(undefined)).toBe("/dashboard");
    expect(safeRedirect("")).toBe("/dashboard");
    expect(safeRedirect(new File(["x"], "x.txt"))).toBe("/dashboard");
    for (let code = 0; code < 0x1000; code++) {
      for (const value of [
        `/${String.fromCharCode(code)}/evil.example`,
        `/%${code.toString(16).padStart(2, "0")}/evil.example`,
        `${String.fromCharCode(code)}//evil.example`,
      ]) {
        const to = safeRedirect(value);
        // Whatever comes back is a path on this origin that a Location header can carry.
        expect(browserOrigin(to), value).toBe("https://folio.example");
        expect(new Headers({ Location: to }).get("location")).toBe(to);
      }
    }
  });
});
