import { describe, expect, it } from "vitest";
import { formatMoney, formatProjectDate } from "./format";

describe("formatMoney", () => {
  it("writes dollars with a thousands separator and two decimals", () => {
    expect([1234.5, 1200, 0, 99.999, 1_000_000].map(formatMoney)).toEqual([
      "$1,234.50",
      "$1,200.00",
      "$0.00",
      "$100.00",
      "$1,000,000.00",
    ]);
  });

  it("writes nothing for a missing amount", () => {
    expect([null, undefined, Number.NaN].map(formatMoney)).toEqual(["", "", ""]);
  });
});

describe("formatProjectDate", () => {
  it("writes an ISO date in words (UTC), keeps the old backend's free text, and '' for none", () => {
    expect(formatProjectDate("2025-04-01")).toBe("April 1, 2025");
    expect(formatProjectDate("Spring 2021")).toBe("Spring 2021");
    expect(formatProjectDate("")).toBe("");
  });
});
