import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseMongoExport, readMongoExportFiles } from "./mongoexport";
import { readMongoExportFolder } from "./mongoexport.server";
import { ImportSourceError } from "./source-error";

const FIXTURE = path.resolve(import.meta.dirname, "../../tests/fixtures/mongoexport");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "folio-mongoexport-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function folderWith(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(scratch, "export-"));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

describe("parseMongoExport", () => {
  it("reads --jsonArray arrays, one document per line, one document, and an empty file", () => {
    const doc = '{"_id":{"$oid":"a1"},"name":"React"}';
    expect(parseMongoExport({ name: "a.json", text: `[${doc}]` })).toHaveLength(1);
    expect(parseMongoExport({ name: "a.json", text: `\uFEFF${doc}\r\n\r\n${doc}\n` })).toHaveLength(
      2,
    );
    expect(
      parseMongoExport({ name: "a.json", text: JSON.stringify({ _id: "x" }, null, 2) }),
    ).toEqual([{ _id: "x" }]);
    expect(parseMongoExport({ name: "a.json", text: "  \n" })).toEqual([]);
  });

  it("a malformed file is an ImportSourceError naming the file (and the line)", () => {
    expect(() => parseMongoExport({ name: "addskill.json", text: '[{"name": "React",' })).toThrow(
      /^Cannot read addskill\.json: it is not valid JSON/,
    );
    expect(() =>
      parseMongoExport({ name: "addskill.json", text: '{"name":"React"}\n{"name":\n' }),
    ).toThrow(/^Cannot read addskill\.json: line 2 is not a JSON document/);
  });
});

describe("readMongoExportFiles (the dashboard's upload)", () => {
  it("maps the files it knows, reports the missing lists and the unknown files", () => {
    const snapshot = readMongoExportFiles([
      { name: "addskill.json", text: '[{"_id":{"$oid":"s1"},"name":"React"}]' },
      { name: "ADDCATEGORY.json", text: '{"_id":{"$oid":"c1"},"name":"React"}' },
      { name: "notes.txt", text: "hello" },
    ]);
    expect(snapshot.source).toBe("the uploaded files");
    expect(snapshot.records.map((r) => `${r.kind}:${r.sourceId}:${r.label}`)).toEqual([
      "skill:s1:React",
      "category:c1:React",
    ]);
    expect(snapshot.problems.map((p) => p.message)).toEqual([
      "adduser.json is not in the uploaded files; profile not imported",
      "addfeather.json is not in the uploaded files; services not imported",
      "addprotfolio.json is not in the uploaded files; projects not imported",
      "addeducation.json is not in the uploaded files; education not imported",
      "addexperience.json is not in the uploaded files; experience not imported",
      "notes.txt is not one of the old lists; ignored",
    ]);
  });

  it("none of the lists → ImportSourceError", () => {
    const error = (() => {
      try {
        readMongoExportFiles([{ name: "users.json", text: "[]" }]);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ImportSourceError);
    expect((error as Error).message).toMatch(
      /^Cannot read the uploaded files: it holds none of the old backend's lists \(adduser\.json, addskill\.json, /,
    );
  });
});

describe("readMongoExportFolder", () => {
  it("reads the fixture folder: every kind, ids from $oid, dates from $date, $numberInt unwrapped", async () => {
    const snapshot = await readMongoExportFolder(FIXTURE);
    expect(snapshot.source).toBe(FIXTURE);
    const count = (kind: string) => snapshot.records.filter((r) => r.kind === kind).length;
    expect([
      count("profile"),
      count("skill"),
      count("category"),
      count("service"),
      count("project"),
      count("education"),
      count("experience"),
    ]).toEqual([1, 3, 2, 2, 3, 2, 2]);
    const projects = snapshot.records.filter((r) => r.kind === "project");
    expect(projects.map((p) => [p.sourceId, p.fields.date, p.fields.budget])).toEqual([
      ["64a1f0c2e4b0a1b2c3d4e541", "2023-05-14", "$1,200"],
      ["64a1f0c2e4b0a1b2c3d4e542", "Spring 2021", 800],
      ["64a1f0c2e4b0a1b2c3d4e543", "2022-11-02", "2500"],
    ]);
    expect(projects[0].fields.liveView).toBe("https://corner-shop.example.com");
    expect(projects[0].fields.images).toHaveLength(3);
    // The profile image is a path: no address to fetch it from in a folder.
    const profile = snapshot.records.find((r) => r.kind === "profile");
    expect(profile?.fields.image).toBeUndefined();
    expect(snapshot.problems.map((p) => p.message)).toEqual([
      "The profile image is a path (/images/me.png) with no old backend address to fetch it from; left out",
      "Item 2 of " +
        path.join(FIXTURE, "adduser.json") +
        " is another profile; Folio keeps one, the first (Rahim Uddin)",
    ]);
  });

  it("a missing file leaves its kind out, reported", async () => {
    const dir = folderWith({ "addskill.json": '[{"_id":{"$oid":"s1"},"name":"Go"}]' });
    const snapshot = await readMongoExportFolder(dir);
    expect(snapshot.records).toHaveLength(1);
    expect(snapshot.problems[0]).toEqual({
      kind: "profile",
      message: `adduser.json is not in ${dir}; profile not imported`,
    });
  });

  it("a folder that does not exist, is a file, or holds none of the lists → error naming it", async () => {
    const missing = path.join(scratch, "no-such-folder");
    await expect(readMongoExportFolder(missing)).rejects.toThrow(
      `Cannot read ${missing}: no such folder`,
    );
    const file = path.join(scratch, "plain.txt");
    fs.writeFileSync(file, "x");
    await expect(readMongoExportFolder(file)).rejects.toThrow(
      `Cannot read ${file}: it is not a folder`,
    );
    const empty = folderWith({ "users.json": "[]" });
    await expect(readMongoExportFolder(empty)).rejects.toThrow(
      new RegExp(`^Cannot read ${empty}: it holds none of the old backend's lists`),
    );
  });

  it("a malformed file → error naming the file", async () => {
    const dir = folderWith({
      "addskill.json": '[{"_id":{"$oid":"s1"},"name":"Go"}]',
      "addcategory.json": "{not json}",
    });
    await expect(readMongoExportFolder(dir)).rejects.toThrow(
      `Cannot read ${path.join(dir, "addcategory.json")}: line 1 is not a JSON document`,
    );
  });

  it.skipIf(process.getuid?.() === 0)("an unreadable folder → error naming it", async () => {
    const dir = folderWith({ "addskill.json": "[]" });
    fs.chmodSync(dir, 0o000);
    try {
      await expect(readMongoExportFolder(dir)).rejects.toThrow(
        `Cannot read ${dir}: permission denied`,
      );
    } finally {
      fs.chmodSync(dir, 0o700);
    }
  });
});
