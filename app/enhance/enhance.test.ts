// The public pages' only script stays small: everything a visitor's browser downloads to run a
// public page (app/enhance/enhance.ts and what it imports), built as Vite builds it (bundled,
// minified), at most 8 KB gzip (issue #16).
import { build } from "esbuild";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { SPECULATION_RULES } from "./speculation-rules";

const BUDGET_BYTES = 8 * 1024;

async function builtScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, "enhance.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles.map((f) => f.text).join("");
}

describe("the enhancement script", () => {
  it("is at most 8 KB gzip, with no framework in it", async () => {
    const code = await builtScript();
    const gzipped = zlib.gzipSync(code, { level: 9 }).length;
    expect(gzipped).toBeGreaterThan(500); // it was built: its features are in it
    expect(gzipped).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(code).not.toMatch(/react|remix|__reactFiber/i);
    expect(code).toContain("enhanced");
  });
});

describe("the Speculation Rules", () => {
  const rules = JSON.parse(SPECULATION_RULES) as {
    prefetch: Array<{ where: unknown; eagerness: string }>;
    prerender: Array<{ where: unknown; eagerness: string }>;
  };

  it("prefetch on hover or touch and prerender only links marked as the likeliest next page", () => {
    expect(rules.prefetch.map((r) => r.eagerness)).toEqual(["moderate"]);
    expect(rules.prerender.map((r) => r.eagerness)).toEqual(["moderate"]);
    expect(JSON.stringify(rules.prerender[0].where)).toContain("a[data-prerender]");
  });

  it("never speculate the owner's pages, sign-in/out, actions, files or query strings", () => {
    for (const list of [rules.prefetch, rules.prerender]) {
      const where = JSON.stringify(list[0].where);
      for (const excluded of ["/dashboard", "/login", "/logout", "/theme", "/images/*", "/*.*"]) {
        expect(where).toContain(`"${excluded}"`);
      }
      expect(where).toContain("[href*='?']");
    }
  });
});
