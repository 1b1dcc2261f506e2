import { describe, expect, it } from "vitest";
import { firstKeptDay, niceTicks, retentionSchema, statsRangeOf, statsUrlOf } from "./visit-stats";

describe("visit statistics helpers", () => {
  it("keeps whole calendar months in UTC, clamping to a shorter month's last day", () => {
    expect(firstKeptDay("2026-03-15", 1)).toBe("2026-02-15");
    expect(firstKeptDay("2026-03-31", 1)).toBe("2026-02-28");
    expect(firstKeptDay("2028-03-31", 1)).toBe("2028-02-29");
    expect(firstKeptDay("2026-01-10", 13)).toBe("2024-12-10");
    expect(firstKeptDay("2026-05-31", 120)).toBe("2016-05-31");
  });

  it("gives round gridline values from 0 to at least the largest value", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(38)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(120)).toEqual([0, 50, 100, 150]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it("reads the period from the URL, anything else is the default", () => {
    expect(statsRangeOf("30")).toBe(30);
    expect(statsRangeOf("abc")).toBe(7);
    expect(statsRangeOf(null)).toBe(7);
    expect(statsUrlOf(7)).toBe("/dashboard/admin/stats");
    expect(statsUrlOf(90)).toBe("/dashboard/admin/stats?days=90");
  });

  it("takes a whole number of months from 1 to 120 and refuses the rest with a sentence", () => {
    const parse = (months?: string) => retentionSchema.safeParse({ intent: "retention", months });
    expect(parse(" 24 ")).toMatchObject({ success: true, data: { months: 24 } });
    expect(parse("1").success && parse("120").success).toBe(true);
    for (const bad of ["0", "121", "abc", "1e2", "-3", "12.5", "9".repeat(400)]) {
      const result = parse(bad);
      expect(result.success, bad).toBe(false);
      if (!result.success) {
        expect(result.error.issues[0]?.message).toBe(
          "Enter a whole number of months from 1 to 120.",
        );
      }
    }
    for (const empty of ["", "  ", undefined]) {
      const result = parse(empty);
      expect(result.success).toBe(false);
      if (!result.success) {
        expect(result.error.issues[0]?.message).toBe("Enter how many months to keep visit counts.");
      }
    }
  });
});
