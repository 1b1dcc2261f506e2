import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  dropStagedSnapshot,
  readStagedSnapshot,
  stageSnapshot,
  STAGED_TTL_MS,
} from "./staged-import.server";
import type { SourceSnapshot } from "./types";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "folio-staged-test-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const snapshot: SourceSnapshot = {
  source: "resume.json",
  records: [{ kind: "skill", sourceId: "skill:go", label: "Go", fields: { name: "Go" } }],
  problems: [],
};

describe("staged imports", () => {
  it("gives the snapshot back under a random id until it is dropped", () => {
    const id = stageSnapshot(snapshot, { dir });
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    expect(stageSnapshot(snapshot, { dir })).not.toBe(id);
    expect(readStagedSnapshot(id, { dir })).toEqual(snapshot);
    expect((fs.statSync(path.join(dir, `${id}.json`)).mode & 0o777).toString(8)).toBe("600");
    dropStagedSnapshot(id, { dir });
    expect(readStagedSnapshot(id, { dir })).toBeUndefined();
  });

  it("forgets a snapshot after an hour, and sweeps old files when staging", () => {
    const start = Date.now();
    const id = stageSnapshot(snapshot, { dir, now: () => start });
    expect(readStagedSnapshot(id, { dir, now: () => start + STAGED_TTL_MS })).toEqual(snapshot);
    expect(readStagedSnapshot(id, { dir, now: () => start + STAGED_TTL_MS + 1 })).toBeUndefined();
    expect(fs.existsSync(path.join(dir, `${id}.json`))).toBe(false);

    const old = stageSnapshot(snapshot, { dir });
    const past = new Date(start - STAGED_TTL_MS - 1000);
    fs.utimesSync(path.join(dir, `${old}.json`), past, past);
    stageSnapshot(snapshot, { dir });
    expect(fs.existsSync(path.join(dir, `${old}.json`))).toBe(false);
  });

  it("refuses ids that are not its own (no path tricks)", () => {
    fs.writeFileSync(path.join(dir, "..", "outside.json"), JSON.stringify({ createdAt: 0 }));
    expect(readStagedSnapshot("../outside", { dir })).toBeUndefined();
    expect(readStagedSnapshot("", { dir })).toBeUndefined();
    expect(readStagedSnapshot("0".repeat(32), { dir })).toBeUndefined();
    fs.rmSync(path.join(dir, "..", "outside.json"));
  });
});
