import { describe, expect, test } from "vitest";
import { budgetNumberOf, projectCreateSchema, projectStoredSchema } from "./project";

describe("budgets as the old backend stored them", () => {
  test("numbers written as text are read, with currency and thousands separators", () => {
    const texts = ["1200", "$1,200", "1 200 EUR", "1,200.50", "€ 99", "2500USD"];
    expect(texts.map(budgetNumberOf)).toEqual([1200, 1200, 1200, 1200.5, 99, 2500]);
  });

  test("text with no number in it, or an ambiguous separator, is not a number", () => {
    expect(["Negotiable", "12,34", "1.2.3"].map(budgetNumberOf)).toEqual([NaN, NaN, NaN]);
    const parsed = projectStoredSchema.safeParse({
      title: "t",
      skill: "s",
      level: "Beginner",
      budget: "TBD",
    });
    expect(parsed.error?.issues[0].message).toBe("Budget must be a number");
  });
});

describe("projectStoredSchema: what the old backend stored", () => {
  const minimal = { title: "Shop", skill: "Vue", level: "Advanced" };

  test("accepts free-text dates, budget text and no links, unlike Add Portfolio", () => {
    const input = { ...minimal, date: "Spring 2021", budget: "$3,000", subtitle: null };
    expect(projectStoredSchema.parse(input)).toMatchObject({
      date: "Spring 2021",
      budget: 3000,
      subtitle: "",
      liveView: "",
      sourceCode: "",
    });
    expect(projectCreateSchema.safeParse(input).success).toBe(false);
  });

  test("takes a level in any letter case and stores its canonical spelling", () => {
    expect(projectStoredSchema.parse({ ...minimal, level: " intermediate " }).level).toBe(
      "Intermediate",
    );
    const wrong = projectStoredSchema.safeParse({ ...minimal, level: "Expert" });
    expect(wrong.error?.issues[0].message).toBe("Level must be Beginner, Intermediate or Advanced");
    expect(projectCreateSchema.safeParse({ ...minimal, level: "advanced" }).success).toBe(false);
  });

  test("the dashboard's forms stay strict: a budget is the number input's text", () => {
    const form = { ...minimal, skill: "React", liveView: "https://e.com" };
    expect(projectCreateSchema.parse({ ...form, budget: "1200.5" }).budget).toBe(1200.5);
    for (const text of ["$1,200", "12abc"]) {
      const parsed = projectCreateSchema.safeParse({ ...form, budget: text });
      expect(parsed.error?.issues[0].message, text).toBe("Budget must be a number");
    }
    expect(projectStoredSchema.parse({ ...minimal, budget: "12abc" }).budget).toBe(12);
  });

  test("still refuses bad URLs and oversized texts", () => {
    const badUrl = projectStoredSchema.safeParse({ ...minimal, liveView: "javascript:alert(1)" });
    expect(badUrl.error?.issues[0].message).toMatch(/full URL starting with http/);
    const long = projectStoredSchema.safeParse({ ...minimal, date: "x".repeat(41) });
    expect(long.error?.issues[0].message).toBe("Date must be at most 40 characters");
  });
});
