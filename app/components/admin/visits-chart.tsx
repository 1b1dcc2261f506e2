// The statistics page's chart: visits and unique visitors per day as an SVG drawn on the server
// (no JavaScript). Each day is a bar of its visits with a narrower bar of its visitors inside;
// round gridline values, sparse date labels, a <title> per day for pointer users. The chart is
// one image to screen readers (its name and description summarise the period); the same figures
// are in the table beside it (VisitsTable).
import type { DailyVisits } from "~/models/visit.server";
import { niceTicks } from "~/utils/visit-stats";

const WIDTH = 800;
const HEIGHT = 280;
const PLOT = { left: 72, right: 36, top: 16, bottom: 44 };
/**
 * Text in user units: larger on a phone, where the whole chart is drawn about 2.3 times smaller
 * (CSS sizes SVG text in the viewBox's units), so its labels stay about 11 px there too.
 */
const TEXT_CLASS = "fill-current text-[26px] sm:text-[14px]";
const PLOT_WIDTH = WIDTH - PLOT.left - PLOT.right;
const PLOT_HEIGHT = HEIGHT - PLOT.top - PLOT.bottom;
/** About how many dates are written under the bars, whatever the period. */
const DATE_LABELS = 7;

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const longDayFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const numberFormat = new Intl.NumberFormat("en-GB");

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
/** "2 Mar". */
export const shortDay = (day: string) => dayFormat.format(dateOf(day));
/** "Mon, 2 Mar 2026". */
export const longDay = (day: string) => longDayFormat.format(dateOf(day));
export const formatCount = (n: number) => numberFormat.format(n);

const plural = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;
export const visitsText = (n: number) => plural(n, "visit", "visits");
export const visitorsText = (n: number) => plural(n, "unique visitor", "unique visitors");

/** The chart's description: the period, its totals and its busiest day. */
export function chartSummary(daily: DailyVisits[]): string {
  const first = daily[0];
  const last = daily.at(-1);
  if (!first || !last) return "No days.";
  const visits = daily.reduce((sum, d) => sum + d.visits, 0);
  const visitors = daily.reduce((sum, d) => sum + d.visitors, 0);
  const busiest = daily.reduce((best, d) => (d.visits > best.visits ? d : best), first);
  return (
    `From ${longDay(first.day)} to ${longDay(last.day)}: ${visitsText(visits)} and ` +
    `${visitorsText(visitors)}.` +
    (busiest.visits > 0
      ? ` Busiest day: ${longDay(busiest.day)}, with ${visitsText(busiest.visits)}.`
      : "")
  );
}

export function VisitsChart({ daily, title }: { daily: DailyVisits[]; title: string }) {
  const ticks = niceTicks(Math.max(0, ...daily.map((d) => d.visits)));
  const top = ticks.at(-1) ?? 1;
  const y = (value: number) => PLOT.top + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT;
  const slot = PLOT_WIDTH / Math.max(1, daily.length);
  const barWidth = Math.max(1, slot * 0.72);
  const innerWidth = Math.max(1, barWidth * 0.45);
  const labelEvery = Math.max(1, Math.ceil(daily.length / DATE_LABELS));
  const round = (n: number) => Math.round(n * 100) / 100;
  return (
    <div className="max-w-4xl text-slate-600">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="visits-chart-title"
        aria-describedby="visits-chart-desc"
        className="h-auto w-full"
        data-testid="visits-chart"
      >
        <title id="visits-chart-title">{title}</title>
        <desc id="visits-chart-desc">{chartSummary(daily)}</desc>
        <g aria-hidden="true">
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PLOT.left}
                x2={WIDTH - PLOT.right}
                y1={round(y(tick))}
                y2={round(y(tick))}
                className={
                  tick === 0 ? "stroke-slate-500" : "stroke-slate-200 dark:stroke-slate-700"
                }
                strokeWidth={1}
              />
              <text
                x={PLOT.left - 6}
                y={round(y(tick))}
                textAnchor="end"
                dominantBaseline="middle"
                className={TEXT_CLASS}
              >
                {formatCount(tick)}
              </text>
            </g>
          ))}
          {daily.map((d, i) => {
            const x = PLOT.left + i * slot;
            const labelled = (daily.length - 1 - i) % labelEvery === 0;
            return (
              <g key={d.day} data-testid="chart-day">
                <title>{`${longDay(d.day)}: ${visitsText(d.visits)}, ${visitorsText(d.visitors)}`}</title>
                {/* The whole column answers the pointer, even on a day without visits. */}
                <rect
                  x={round(x)}
                  y={PLOT.top}
                  width={round(slot)}
                  height={PLOT_HEIGHT}
                  fill="transparent"
                />
                <rect
                  data-day={d.day}
                  x={round(x + (slot - barWidth) / 2)}
                  y={round(y(d.visits))}
                  width={round(barWidth)}
                  height={round(y(0) - y(d.visits))}
                  className="fill-brand-500"
                />
                <rect
                  x={round(x + (slot - innerWidth) / 2)}
                  y={round(y(d.visitors))}
                  width={round(innerWidth)}
                  height={round(y(0) - y(d.visitors))}
                  className="fill-current text-slate-900"
                />
                {labelled ? (
                  <text
                    x={round(x + slot / 2)}
                    y={HEIGHT - 10}
                    textAnchor="middle"
                    className={TEXT_CLASS}
                  >
                    {shortDay(d.day)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </g>
      </svg>
      <p className="mt-2 flex flex-wrap gap-4 text-sm" data-testid="chart-legend">
        <span className="flex items-center gap-2">
          <svg aria-hidden="true" viewBox="0 0 12 12" className="h-3 w-3">
            <rect width="12" height="12" className="fill-brand-500" />
          </svg>
          Visits
        </span>
        <span className="flex items-center gap-2">
          <svg aria-hidden="true" viewBox="0 0 12 12" className="h-3 w-3 text-slate-900">
            <rect x="3" width="6" height="12" className="fill-current" />
          </svg>
          Unique visitors
        </span>
      </p>
    </div>
  );
}
