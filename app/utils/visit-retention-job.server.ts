// Deletes visit counts older than the owner's retention (getRetentionMonths, default 13 months):
// shortly after the server starts, then daily. The statistics page calls pruneOldVisits after the
// owner changes the setting.
import { getRetentionMonths } from "~/models/setting.server";
import { dayOf, deleteVisitsBefore } from "~/models/visit.server";
import { onServerStart, onServerStop } from "./lifecycle.server";

const FIRST_RUN_MS = 30_000;
const EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * The first day kept when counts are kept `months` calendar months (UTC): the same day of the
 * month `months` months before `now` (the month's last day when it is shorter).
 */
export function firstKeptDay(months: number, now: Date = new Date()): string {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDayOfTarget = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return dayOf(new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), lastDayOfTarget))));
}

/** Deletes the counts older than the retention; returns how many rows were deleted. */
export async function pruneOldVisits(now: Date = new Date()): Promise<number> {
  return deleteVisitsBefore(firstKeptDay(await getRetentionMonths(), now));
}

let timers: NodeJS.Timeout[] = [];
let running: Promise<void> | undefined;

function tick() {
  if (running) return;
  running = pruneOldVisits()
    .then((removed) => {
      if (removed > 0) console.log(`Deleted ${removed} visit count(s) past the retention`);
    })
    .catch((error) => console.error("Deleting old visit counts failed", error))
    .finally(() => (running = undefined));
}

onServerStart(() => {
  timers = [setTimeout(tick, FIRST_RUN_MS), setInterval(tick, EVERY_MS)];
  for (const t of timers) t.unref();
});

onServerStop(async () => {
  for (const t of timers) clearTimeout(t);
  timers = [];
  await running;
});
