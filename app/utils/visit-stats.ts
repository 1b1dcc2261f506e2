// Visit statistics: the figures the dashboard offers and the owner's privacy notice (shared by the
// server and the stats page). How visits are counted: docs/statistics.md.

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
