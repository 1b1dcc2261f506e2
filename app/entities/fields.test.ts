import { describe, expect, it } from "vitest";
import { hasChanges, optionalUrl, parseId } from "./fields";

describe("parseId", () => {
  it("accepts positive integers only", () => {
    expect(parseId("12")).toBe(12);
    for (const bad of ["0", "-1", "1.5", "abc", "", "99999999999", "1e3", undefined])
      expect(parseId(bad)).toBeNull();
  });
});

describe("optionalUrl", () => {
  const url = optionalUrl("Live View URL");
  it("accepts http(s) URLs and empty values", () => {
    expect(url.parse("https://example.com/a")).toBe("https://example.com/a");
    expect(url.parse("")).toBe("");
    expect(url.parse(undefined)).toBe("");
  });
  it("refuses javascript: and other schemes with a readable message", () => {
    const result = url.safeParse("javascript:alert(1)");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(
      "Live View URL must be a full URL starting with http:// or https://",
    );
  });
});

describe("hasChanges", () => {
  it("compares scalars and arrays", () => {
    expect(hasChanges({ a: "x", b: ["1"] }, { a: "x", b: ["1"] })).toBe(false);
    expect(hasChanges({ a: "x", b: ["1"] }, { b: ["1", "2"] })).toBe(true);
    expect(hasChanges({ a: "x" }, { a: "y" })).toBe(true);
  });
});
