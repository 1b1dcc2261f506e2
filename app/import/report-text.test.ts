import { describe, expect, it } from "vitest";
import { progressBar, progressLine, reportText } from "./report-text";
import { IMPORT_KINDS, type ImportReport, type KindCounts } from "./types";

const zero: KindCounts = { created: 0, updated: 0, unchanged: 0, skipped: 0 };
const report = (over: Partial<ImportReport> = {}): ImportReport => ({
  source: "http://old.example.com",
  dryRun: false,
  replaced: {},
  kinds: Object.fromEntries(IMPORT_KINDS.map((k) => [k, { ...zero }])) as ImportReport["kinds"],
  images: { fetched: 0, reused: 0, failed: 0 },
  problems: [],
  ...over,
});

describe("progress", () => {
  it("a line per step, and a bar for a terminal", () => {
    expect(progressLine({ kind: "project", done: 2, total: 3 })).toBe("  Projects: 2 of 3");
    expect(progressBar({ kind: "image", done: 1, total: 4 }, 8)).toBe(
      "  Images      [##------]      1/4",
    );
    expect(progressBar({ kind: "skill", done: 0, total: 0 }, 4)).toBe(
      "  Skills      [####]      0/0",
    );
  });
});

describe("reportText", () => {
  it("counts per kind, images, backup, replaced rows and problems", () => {
    const text = reportText(
      report({
        backupFile: "/data/backups/folio-backup-2026.tar.gz",
        replaced: { project: 2 },
        kinds: {
          ...report().kinds,
          project: { created: 3, updated: 1, unchanged: 0, skipped: 1 },
          skill: { created: 0, updated: 0, unchanged: 12, skipped: 0 },
        },
        images: { fetched: 4, reused: 1, failed: 2 },
        problems: [
          { kind: "image", subject: "http://x/missing.jpg", message: "answered 404; left out" },
          { message: "notes.txt is not one of the old lists; ignored" },
        ],
      }),
    );
    expect(text).toBe(
      [
        "Imported from http://old.example.com.",
        "Backup taken before writing: /data/backups/folio-backup-2026.tar.gz",
        "Replaced: 2 projects",
        "",
        "              created  updated  unchanged  skipped",
        "  Profile           0        0          0        0",
        "  Skills            0        0         12        0",
        "  Categories        0        0          0        0",
        "  Services          0        0          0        0",
        "  Projects          3        1          0        1",
        "  Education         0        0          0        0",
        "  Experience        0        0          0        0",
        "",
        "Images: 4 fetched, 1 reused, 2 failed",
        "Problems (2):",
        '  - image "http://x/missing.jpg": answered 404; left out',
        "  - notes.txt is not one of the old lists; ignored",
      ].join("\n"),
    );
  });

  it("a dry run says nothing was written", () => {
    expect(reportText(report({ dryRun: true }))).toMatch(
      /^Dry run of the import from http:\/\/old\.example\.com: nothing was written\. It would do this:\n\n/,
    );
    expect(reportText(report())).toMatch(/Problems: none$/);
  });
});
