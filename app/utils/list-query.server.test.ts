import { describe, expect, it } from "vitest";
import { parseListQuery } from "./list-query.server";
import { isFiltered, listHref, resultsText } from "./list-query";

const parse = (search: string) =>
  parseListQuery(new Request(`http://localhost/list${search}`), {
    level: ["Beginner", "Advanced"],
  });

describe("parseListQuery", () => {
  it("reads q (spaces squeezed, trimmed, at most 100 characters), page and a filter in any case", () => {
    expect(parse("?q=%20%20react%20%20%20js%20&page=3&level=advanced")).toEqual({
      q: "react js",
      page: 3,
      filters: { level: "Advanced" },
    });
    expect(parse(`?q=${"y".repeat(300)}`).q).toHaveLength(100);
  });

  it("falls back for anything else: no values, bad pages, unknown filter values", () => {
    expect(parse("")).toEqual({ q: "", page: 1, filters: { level: "" } });
    for (const page of ["0", "-1", "2.5", "abc", "1e400", "99999999999"])
      expect(parse(`?page=${page}`).page, page).toBe(1);
    expect(parse("?level=Expert").filters.level).toBe("");
  });
});

describe("list links", () => {
  it("keep only what is set, page 1 left out", () => {
    const query = { q: "a b", filters: { level: "", status: "draft" } };
    expect(listHref("/l", query)).toBe("/l?q=a+b&status=draft");
    expect(listHref("/l", { ...query, page: 2 }, { folder: "spam" })).toBe(
      "/l?folder=spam&q=a+b&status=draft&page=2",
    );
    expect(listHref("/l", { q: "", filters: {}, page: 1 })).toBe("/l");
  });

  it("say how many matched, and whether the list is narrowed", () => {
    expect(resultsText(1, "x")).toBe("1 result for “x”");
    expect(resultsText(3, "")).toBe("3 results");
    expect(isFiltered({ q: "", filters: { level: "" } })).toBe(false);
    expect(isFiltered({ q: "", filters: { level: "Advanced" } })).toBe(true);
  });
});
