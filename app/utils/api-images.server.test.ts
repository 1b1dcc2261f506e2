import { describe, expect, it } from "vitest";
import { absoluteImage, localImage } from "./api-images.server";

const KEY = "/images/abcDEF123_-x-640x480";
const bases = new Set(["http://127.0.0.1:3000", "https://folio.example/site"]);

describe("image references in REST answers and bodies", () => {
  it("answers uploaded images absolute; external URLs and empty values as they are", () => {
    expect(absoluteImage(KEY, "https://folio.example")).toBe(`https://folio.example${KEY}`);
    for (const value of ["https://i.ibb.co/x/a.png", "", null, 3]) {
      expect(absoluteImage(value, "https://folio.example")).toBe(value);
    }
  });

  it("takes this site's own absolute URLs back as /images/KEY, under any of its bases", () => {
    expect(localImage(`http://127.0.0.1:3000${KEY}`, bases)).toBe(KEY);
    expect(localImage(`https://FOLIO.example/site${KEY}`, bases)).toBe(KEY);
    expect(localImage(` https://folio.example/site${KEY} `, bases)).toBe(KEY);
  });

  it("leaves anything else alone: other hosts, ports and paths, queries, variants, non-URLs", () => {
    for (const value of [
      `https://elsewhere.example${KEY}`,
      `http://127.0.0.1:3001${KEY}`,
      `https://folio.example${KEY}`, // not under PUBLIC_URL's path
      `http://127.0.0.1:3000${KEY}?w=1`,
      `http://127.0.0.1:3000${KEY}/640.webp`,
      `http://user:pw@127.0.0.1:3000${KEY}`,
      "http://127.0.0.1:3000/images/../admin",
      KEY,
      "javascript:alert(1)",
      "not a url",
      undefined,
    ]) {
      expect(localImage(value, bases), String(value)).toBe(value);
    }
  });
});
