// The records' validation and image fields, without a database: lenient where the old backend
// was, unusable image values left out (not the record), galleries cut to Folio's maximum.
import { describe, expect, it } from "vitest";
import type { ImportProblem, SourceRecord } from "./types";
import { check, remoteImagesOf, withLocalImages } from "./import-schemas.server";

const project = (fields: Record<string, unknown>): SourceRecord => ({
  kind: "project",
  sourceId: "p1",
  label: "A project",
  fields: { title: "A project", skill: "Vue", level: "advanced", ...fields },
});

describe("check", () => {
  it("takes a project as the old backend stored it", () => {
    const problems: ImportProblem[] = [];
    const { input, error } = check(
      project({ budget: "$1,200", date: "Spring 2021", liveView: "" }),
      problems,
    );
    expect(error).toBeUndefined();
    expect(input).toMatchObject({
      budget: 1200,
      date: "Spring 2021",
      skill: "Vue",
      level: "Advanced",
    });
    expect(problems).toEqual([]);
  });

  it("refuses what Folio must refuse, with the messages and nothing stored", () => {
    const bad = check(project({ title: "", liveView: "javascript:alert(1)" }), []);
    expect(bad.input).toBeNull();
    expect(bad.error).toBe(
      "Title is required; Live View URL must be a full URL starting with http:// or https://",
    );
    const skill = check(
      { kind: "skill", sourceId: "s", label: "x", fields: { name: "x".repeat(61) } },
      [],
    );
    expect(skill.error).toBe("Skill Name must be at most 60 characters");
  });

  it("leaves out an unusable image value and keeps the record", () => {
    const problems: ImportProblem[] = [];
    const { input } = check(
      project({
        thumbnail: "uploads/thumb.png",
        images: [null, "", "data:image/png;base64,AAAA", "https://img.example/a.png"],
      }),
      problems,
    );
    expect(input).toMatchObject({ thumbnail: "", images: ["https://img.example/a.png"] });
    expect(problems.map((p) => p.subject)).toEqual([
      "uploads/thumb.png",
      "data:image/png;base64,AAAA",
    ]);
    expect(problems[0].message).toBe("Image left out (A project): not an http(s) address");
  });

  it("imports the first 4 gallery images of a longer gallery and says so", () => {
    const problems: ImportProblem[] = [];
    const images = [1, 2, 3, 4, 5, 6].map((n) => `https://img.example/${n}.png`);
    const { input } = check(project({ images }), problems);
    expect(input?.images).toEqual(images.slice(0, 4));
    expect(problems).toEqual([
      {
        kind: "project",
        subject: "A project",
        message: "Only the first 4 of its 6 gallery images are imported",
      },
    ]);
  });
});

describe("images of a record", () => {
  it("lists the addresses to download and puts the local references in their place", () => {
    const checked = check(
      {
        kind: "project",
        sourceId: "p",
        label: "P",
        fields: {
          title: "P",
          skill: "Go",
          level: "Beginner",
          thumbnail: "https://img.example/t.png",
          images: [
            "https://img.example/a.png",
            "/images/abcdefgh12345678-10x10",
            "https://img.example/gone.png",
          ],
        },
      },
      [],
    );
    expect(remoteImagesOf(checked)).toEqual([
      "https://img.example/t.png",
      "https://img.example/a.png",
      "https://img.example/gone.png",
    ]);
    const refs = new Map([
      ["https://img.example/t.png", "/images/tttttttttttttttt-10x10"],
      ["https://img.example/a.png", "/images/aaaaaaaaaaaaaaaa-10x10"],
    ]);
    expect(withLocalImages("project", checked.input!, refs)).toMatchObject({
      thumbnail: "/images/tttttttttttttttt-10x10",
      images: ["/images/aaaaaaaaaaaaaaaa-10x10", "/images/abcdefgh12345678-10x10"],
    });
  });
});
