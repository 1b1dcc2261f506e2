// The statistics page's tables: the chart's figures day by day, and the top pages, projects and
// referring sites. Plain tables (a caption, column and row headers) that scroll sideways on a
// narrow screen instead of squeezing.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { DailyVisits, TopProject, TopRow } from "~/models/visit.server";
import { formatCount, longDay } from "./visits-chart";

const cell = "px-3 py-2 text-right tabular-nums";
const headCell = "px-3 py-2 font-semibold";

function StatsTable({
  caption,
  label,
  testId,
  children,
  captionVisible = true,
}: {
  caption: string;
  label: string;
  testId: string;
  children: ReactNode;
  captionVisible?: boolean;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption
          className={
            captionVisible ? "mb-2 text-left text-base font-semibold text-slate-900" : "sr-only"
          }
        >
          {caption}
        </caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className={headCell}>
              {label}
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Visits
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Visitors
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

function Row({ label, visits, visitors }: { label: ReactNode; visits: number; visitors: number }) {
  return (
    <tr>
      <th scope="row" className="px-3 py-2 font-normal [overflow-wrap:anywhere] text-slate-900">
        {label}
      </th>
      <td className={cell}>{formatCount(visits)}</td>
      <td className={cell}>{formatCount(visitors)}</td>
    </tr>
  );
}

/** The chart's figures as a table (visually hidden caption: the <details> summary names it). */
export function VisitsTable({ daily, caption }: { daily: DailyVisits[]; caption: string }) {
  return (
    <StatsTable caption={caption} label="Day" testId="daily-table" captionVisible={false}>
      {daily.map((d) => (
        <Row key={d.day} label={longDay(d.day)} visits={d.visits} visitors={d.visitors} />
      ))}
    </StatsTable>
  );
}

function EmptyRow({ text }: { text: string }) {
  return (
    <tr>
      <td colSpan={3} className="px-3 py-3 text-slate-600">
        {text}
      </td>
    </tr>
  );
}

/** Whether a recorded path can be a link on this site ("/projects/12", not "//elsewhere"). */
const isLocalPath = (path: string) => path.startsWith("/") && !path.startsWith("//");

export function TopPagesTable({ rows }: { rows: TopRow[] }) {
  return (
    <StatsTable caption="Top pages" label="Page" testId="top-pages">
      {rows.length === 0 ? <EmptyRow text="No page views in this period." /> : null}
      {rows.map((row) => (
        <Row
          key={row.label}
          label={
            isLocalPath(row.label) ? (
              <a href={row.label} className="text-brand-700 hover:underline">
                {row.label}
              </a>
            ) : (
              row.label
            )
          }
          visits={row.visits}
          visitors={row.visitors}
        />
      ))}
    </StatsTable>
  );
}

export function TopProjectsTable({ rows }: { rows: TopProject[] }) {
  return (
    <StatsTable caption="Top projects" label="Project" testId="top-projects">
      {rows.length === 0 ? <EmptyRow text="No project pages viewed in this period." /> : null}
      {rows.map((row) => (
        <Row
          key={row.projectId}
          label={
            row.exists ? (
              <Link
                to={`/dashboard/admin/portfolio-view/${row.projectId}`}
                className="text-brand-700 hover:underline"
              >
                {row.label}
              </Link>
            ) : (
              <span className="text-slate-600">{row.label}</span>
            )
          }
          visits={row.visits}
          visitors={row.visitors}
        />
      ))}
    </StatsTable>
  );
}

/** Referring sites as text, never links: a referrer is whatever the visitor's browser sent. */
export function TopReferrersTable({ rows }: { rows: TopRow[] }) {
  return (
    <StatsTable caption="Top referrer sites" label="Site" testId="top-referrers">
      {rows.length === 0 ? (
        <EmptyRow text="No visits came from another site in this period." />
      ) : null}
      {rows.map((row) => (
        <Row key={row.label} label={row.label} visits={row.visits} visitors={row.visitors} />
      ))}
    </StatsTable>
  );
}
