import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, etagOf, noneMatchMatches, preparePage } from "./stored-page";

const page = Buffer.from(`<!doctype html><p>Hello é ✓</p>${"<li>a project</li>".repeat(2000)}`);

describe("preparePage", () => {
  it("keeps identity, brotli and gzip variants that decode to the same bytes, with their own strong ETags", async () => {
    const stored = await preparePage({
      body: page,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "script-src 'self'",
        "content-length": "1",
        "content-encoding": "gzip",
        date: "x",
        "x-folio-cache": "miss",
        vary: "Cookie",
      },
      version: 3,
      storedAt: 0,
    });
    const { identity, gzip, br } = stored.variants;
    expect(identity.body).toBe(page); // the rendered bytes themselves, not a copy
    expect(zlib.gunzipSync(gzip.body).equals(page)).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).equals(page)).toBe(true);
    expect(br.body.length).toBeLessThan(gzip.body.length);
    expect(new Set([identity.etag, gzip.etag, br.etag]).size).toBe(3);
    expect(identity.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(br.headers).toMatchObject({
      "content-encoding": "br",
      "content-length": br.body.length,
      "content-security-policy": "script-src 'self'",
      etag: br.etag,
      vary: "Accept-Encoding, Cookie",
      "x-folio-cache": "hit",
    });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.headers.date).toBeUndefined();
    expect(identity.notModified["content-length"]).toBeUndefined();
    expect(identity.notModified["content-type"]).toBeUndefined();
    expect(stored.bytes).toBe(page.length + gzip.body.length + br.body.length);
  });

  it("gives the same bytes the same ETag, and other bytes another", () => {
    expect(etagOf(Buffer.from(page))).toBe(etagOf(page));
    expect(etagOf(Buffer.from(`${page}.`))).not.toBe(etagOf(page));
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, honours q=0 and *, else identity", () => {
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("gzip;q=0")).toBe("identity");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*, br;q=0")).toBe("gzip");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding("deflate")).toBe("identity");
  });
});

describe("noneMatchMatches", () => {
  it("compares weakly (W/ ignored), in lists, and takes *", () => {
    const tag = '"abc"';
    expect(noneMatchMatches('"abc"', tag)).toBe(true);
    expect(noneMatchMatches('W/"abc"', tag)).toBe(true);
    expect(noneMatchMatches('"x", W/"abc" , "y"', tag)).toBe(true);
    expect(noneMatchMatches("*", tag)).toBe(true);
    expect(noneMatchMatches('"abd"', tag)).toBe(false);
    expect(noneMatchMatches('"abc-br"', tag)).toBe(false);
    expect(noneMatchMatches(undefined, tag)).toBe(false);
  });
});
