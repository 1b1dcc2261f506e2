// Deletes visit counts older than the owner's retention (getRetentionMonths, default 13 months):
// shortly after the server starts, then daily. The statistics page calls pruneOldVisits after the
// owner changes the setting.
import { getRetentionMonths } from "~/models/setting.server";
import { dayOf, deleteVisitsBefore } from "~/models/visit.server";
import { schedulePeriodicJob } from "./periodic-job.server";
import { firstKeptDay } from "./visit-stats";

const FIRST_RUN_MS = 30_000;
const EVERY_MS = 24 * 60 * 60 * 1000;

/** Deletes the counts older than the retention; returns how many rows were deleted. */
export async function pruneOldVisits(now: Date = new Date()): Promise<number> {
  return deleteVisitsBefore(firstKeptDay(dayOf(now), await getRetentionMonths()));
}

schedulePeriodicJob({
  what: "Deleting old visit counts",
  firstRunMs: FIRST_RUN_MS,
  everyMs: EVERY_MS,
  run: () => pruneOldVisits(),
  done: (removed) => `Deleted ${removed} visit count(s) past the retention`,
});
