import { IMPORT_KIND_LABELS, IMPORT_KINDS, type ImportReport } from "~/import/types";

const COLUMNS = ["created", "updated", "unchanged", "skipped"] as const;

/** The report's heading: a preview never writes anything. */
export const reportTitle = (report: Pick<ImportReport, "dryRun">) =>
  report.dryRun ? "Preview: nothing was written" : "Imported";

/**
 * What an import did (or, for a preview, would do): per kind created / updated / unchanged /
 * skipped, the images, the problems and the backup taken before writing.
 */
export function ImportReportView({ report }: { report: ImportReport }) {
  const kinds = IMPORT_KINDS.filter((kind) => {
    const counts = report.kinds[kind];
    return COLUMNS.some((column) => counts[column] > 0) || report.replaced[kind];
  });
  const replaced = IMPORT_KINDS.filter((kind) => report.replaced[kind] !== undefined);
  return (
    <section
      aria-labelledby="import-report-title"
      data-testid="import-report"
      className={`rounded-xl border p-4 ${
        report.dryRun ? "border-sky-300 bg-sky-50" : "border-emerald-300 bg-emerald-50"
      }`}
    >
      <h3 id="import-report-title" className="text-lg font-semibold text-slate-900">
        {reportTitle(report)}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        From <span className="font-medium break-all">{report.source}</span>
      </p>
      {report.backupFile ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="import-backup">
          Backup taken first: <code className="break-all">{report.backupFile}</code>
        </p>
      ) : null}
      {replaced.length ? (
        <p className="mt-1 text-sm text-slate-700">
          {report.dryRun ? "Would delete first: " : "Deleted first: "}
          {replaced
            .map((kind) => `${report.replaced[kind]} ${IMPORT_KIND_LABELS[kind]}`)
            .join(", ")}
        </p>
      ) : null}
      {kinds.length ? (
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-left text-sm" data-testid="import-counts">
            <thead>
              <tr className="border-b border-slate-300 text-slate-600">
                <th scope="col" className="py-1 pr-4 font-medium">
                  Content
                </th>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="py-1 pr-4 font-medium capitalize">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {kinds.map((kind) => (
                <tr key={kind} data-kind={kind} className="border-b border-slate-200">
                  <th scope="row" className="py-1 pr-4 font-medium">
                    {IMPORT_KIND_LABELS[kind]}
                  </th>
                  {COLUMNS.map((column) => (
                    <td key={column} data-column={column} className="py-1 pr-4 tabular-nums">
                      {report.kinds[kind][column]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-700">The source holds nothing to import.</p>
      )}
      <p className="mt-3 text-sm text-slate-700" data-testid="import-images">
        Images: {report.images.fetched} fetched, {report.images.reused} reused,{" "}
        {report.images.failed} failed
      </p>
      {report.problems.length ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold text-slate-900">
            Problems ({report.problems.length})
          </h4>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-700" data-testid="import-problems">
            {report.problems.map((problem, index) => (
              <li key={index}>
                {problem.kind ? `${IMPORT_KIND_LABELS[problem.kind] ?? "Image"}` : ""}
                {problem.subject ? ` “${problem.subject}”` : ""}
                {problem.kind || problem.subject ? ": " : ""}
                {problem.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
