// Visit statistics: the figures the dashboard offers and the owner's privacy notice (shared by the
// server and the stats page). How visits are counted: docs/statistics.md.
import { z } from "zod";

/** The periods the statistics page shows, in days (the first is the default). */
export const STATS_RANGES = [7, 30, 90] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

/** `value` as a period the page offers, or the default one. */
export function statsRangeOf(value: unknown): StatsRange {
  const days = Number(value);
  return STATS_RANGES.find((range) => range === days) ?? STATS_RANGES[0];
}

/** How long visit counts are kept, in months: the default and the owner's bounds. */
export const RETENTION_MONTHS_DEFAULT = 13;
export const RETENTION_MONTHS_MIN = 1;
export const RETENTION_MONTHS_MAX = 120;

/** How many rows each "top" list shows. */
export const TOP_LIST_LENGTH = 10;

/** The one-line notice the owner can put on their privacy page. */
export function privacyNotice(retentionMonths: number): string {
  const months = `${retentionMonths} month${retentionMonths === 1 ? "" : "s"}`;
  return (
    "This site counts page visits without cookies and without storing any personal data: " +
    "no IP address is kept, browsers that send Do Not Track or Global Privacy Control are not " +
    `counted, and the daily totals are deleted after ${months}.`
  );
}

/** The statistics page's address. */
export const STATS_URL = "/dashboard/admin/stats";

/** The statistics page's address for a period (the default one has no `?days=`). */
export function statsUrlOf(days: StatsRange): string {
  return days === STATS_RANGES[0] ? STATS_URL : `${STATS_URL}?days=${days}`;
}

const RETENTION_RANGE_TEXT = `Enter a whole number of months from ${RETENTION_MONTHS_MIN} to ${RETENTION_MONTHS_MAX}.`;

/**
 * The retention form (`intent=retention`, `months`): a whole number of months within the bounds,
 * as typed (digits only: "1e2", "12.0" and "-3" are refused, not read as numbers).
 */
export const retentionSchema = z.object({
  intent: z.literal("retention", { errorMap: () => ({ message: "Unknown action." }) }),
  months: z
    .string({ required_error: "Enter how many months to keep visit counts." })
    .trim()
    .min(1, "Enter how many months to keep visit counts.")
    .max(10, RETENTION_RANGE_TEXT)
    .regex(/^\d+$/, RETENTION_RANGE_TEXT)
    .transform(Number)
    .pipe(
      z
        .number()
        .int(RETENTION_RANGE_TEXT)
        .min(RETENTION_MONTHS_MIN, RETENTION_RANGE_TEXT)
        .max(RETENTION_MONTHS_MAX, RETENTION_RANGE_TEXT),
    ),
});

/**
 * The first day (YYYY-MM-DD, UTC) whose counts are kept when counts are kept for `months`
 * calendar months up to `today`: the same day of the month `months` months earlier, or that
 * month's last day when it is shorter (31 March, 1 month → 28 or 29 February).
 */
export function firstKeptDay(today: string, months: number): string {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) - months;
  const y = Math.floor(monthIndex / 12);
  const m = monthIndex - y * 12;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/**
 * Round gridline values for a chart whose largest value is `max`: 0 up to the first multiple of a
 * 1, 2 or 5 × 10ⁿ step at or above `max`, in about `count` steps (never fractions: counts are
 * whole numbers).
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = Math.max(1, max / count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].map((f) => f * power).find((s) => s >= rough) ??
    10 * power) as number;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return ticks;
}
