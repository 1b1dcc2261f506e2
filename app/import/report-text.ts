// The importer's terminal output (scripts/import.ts): progress lines or a bar as it goes, and the
// summary of an ImportReport at the end. Plain text, no colours; pure functions, unit-tested.
import {
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  type ImportProblem,
  type ImportProgress,
  type ImportReport,
} from "./types";

const NOUNS = IMPORT_KIND_LABELS;

/** One finished step, for a log or a pipe: "  Projects: 3 of 3". */
export function progressLine({ kind, done, total }: ImportProgress): string {
  return `  ${NOUNS[kind]}: ${done} of ${total}`;
}

/** The same as a bar that redraws in place on a terminal: "  Projects    [#######-----]   3/5". */
export function progressBar({ kind, done, total }: ImportProgress, width = 24): string {
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(share * width);
  const count = `${done}/${total}`.padStart(9);
  return `  ${NOUNS[kind].padEnd(11)} [${"#".repeat(filled)}${"-".repeat(width - filled)}]${count}`;
}

function problemLine({ kind, subject, message }: ImportProblem): string {
  const who = [kind, subject ? `"${subject}"` : ""].filter(Boolean).join(" ");
  return `  - ${who ? `${who}: ` : ""}${message}`;
}

/** The summary printed at the end: what was (or would be) created, updated, kept, skipped. */
export function reportText(report: ImportReport): string {
  const lines: string[] = [];
  lines.push(
    report.dryRun
      ? `Dry run of the import from ${report.source}: nothing was written. It would do this:`
      : `Imported from ${report.source}.`,
  );
  if (report.backupFile) lines.push(`Backup taken before writing: ${report.backupFile}`);
  const replaced = IMPORT_KINDS.filter((kind) => (report.replaced[kind] ?? 0) > 0);
  if (replaced.length > 0) {
    lines.push(
      `${report.dryRun ? "Would replace" : "Replaced"}: ${replaced
        .map((kind) => `${report.replaced[kind]} ${NOUNS[kind].toLowerCase()}`)
        .join(", ")}`,
    );
  }
  const header = ["", "created", "updated", "unchanged", "skipped"];
  const rows = IMPORT_KINDS.map((kind) => {
    const c = report.kinds[kind];
    return [NOUNS[kind], c.created, c.updated, c.unchanged, c.skipped].map(String);
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const row = (cells: string[]) =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ")}`;
  lines.push("", row(header), ...rows.map(row), "");
  const { fetched, reused, failed } = report.images;
  lines.push(`Images: ${fetched} fetched, ${reused} reused, ${failed} failed`);
  if (report.problems.length === 0) {
    lines.push("Problems: none");
  } else {
    lines.push(`Problems (${report.problems.length}):`, ...report.problems.map(problemLine));
  }
  return lines.join("\n");
}
