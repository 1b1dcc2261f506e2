// Deletes visit counts older than the owner's retention (getRetentionMonths, default 13 months):
// shortly after the server starts, then daily. The statistics page calls pruneOldVisits after the
// owner changes the setting.
import { getRetentionMonths } from "~/models/setting.server";
import { dayOf, deleteVisitsBefore } from "~/models/visit.server";
import { onServerStart, onServerStop } from "./lifecycle.server";
import { firstKeptDay } from "./visit-stats";

const FIRST_RUN_MS = 30_000;
const EVERY_MS = 24 * 60 * 60 * 1000;

/** Deletes the counts older than the retention; returns how many rows were deleted. */
export async function pruneOldVisits(now: Date = new Date()): Promise<number> {
  return deleteVisitsBefore(firstKeptDay(dayOf(now), await getRetentionMonths()));
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
