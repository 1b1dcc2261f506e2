// Visit statistics' recorder (docs/statistics.md): the server hands every finished GET to
// `recordPageView` (through the entry module, app/entry.server.tsx); the rules decide whether it
// is a page view (page-view-rules.server.ts), and a counted view is only added up in memory
// (page-view-buffer.server.ts): no hashing, no database per request. The buffer is written every
// FOLIO_STATS_FLUSH_MS, at shutdown, and on demand (`flushPageViews`: the statistics page asks
// for it so the owner sees current figures). Only then is a visitor made a hash of the day's salt,
// the host, the address and the user agent; the address and user agent are never stored.
import crypto from "node:crypto";
import {
  addVisitCountsQuietly,
  dayOf,
  saltOfDayQuietly,
  storedSaltOfDay,
  type VisitCount,
} from "~/models/visit.server";
import { env } from "./env.server";
import { onServerStart, onServerStop } from "./lifecycle.server";
import { PageViewBuffer, type BufferedViews } from "./page-view-buffer.server";
import { pageViewOf, type FinishedRequest } from "./page-view-rules.server";

/** A finished request as the server hands it over. */
export type RecordedRequest = FinishedRequest & {
  /** The client's address (server/app.ts: clientAddress, the TRUST_PROXY rules). */
  ip: string;
  /** When the answer was out (ms since the epoch); now when not given. */
  at?: number;
};

const buffer = new PageViewBuffer();
let enabled: boolean | undefined;

/** Whether visits are counted (FOLIO_VISIT_STATS). */
function countingOn(): boolean {
  enabled ??= env().FOLIO_VISIT_STATS;
  return enabled;
}

const DAY_MS = 24 * 60 * 60 * 1000;
let currentDay = { day: "", from: 0, until: 0 };

/** The UTC day of `at` (ms), without making a date string per request. */
function dayAt(at: number): string {
  if (at < currentDay.from || at >= currentDay.until) {
    const from = at - (at % DAY_MS);
    currentDay = { day: dayOf(new Date(from)), from, until: from + DAY_MS };
  }
  return currentDay.day;
}

/** Counts `request` when it is a page view (cheap: the rules and a map entry). Never throws. */
export function recordPageView(request: RecordedRequest): void {
  try {
    if (!countingOn()) return;
    const view = pageViewOf(request);
    if (!view) return;
    const agent = request.headers["user-agent"];
    buffer.add({
      day: dayAt(request.at ?? Date.now()),
      ip: request.ip,
      userAgent: typeof agent === "string" ? agent.trim() : "",
      host: request.host.toLowerCase(),
      ...view,
    });
  } catch (error) {
    console.error("Counting a page view failed", error);
  }
}

/** The visitor of a day: a hash of the day's salt, the host, the address and the user agent. */
export function visitorHash(salt: string, host: string, ip: string, userAgent: string): string {
  return crypto
    .createHash("sha256")
    .update(`${salt}\n${host}\n${ip}\n${userAgent}`)
    .digest("hex")
    .slice(0, 32);
}

/**
 * The salt of each day in `days`. The newest day's is made when missing (which deletes the older
 * ones: saltOfDayQuietly, which leaves the page cache its pages); an older day (views buffered
 * before midnight) keeps its salt while it is still stored, else gets a one-off salt never stored
 * (its visitors then count once more).
 */
async function saltsOf(days: string[]): Promise<Map<string, string>> {
  const sorted = [...new Set(days)].sort();
  const newest = sorted.at(-1);
  const salts = new Map<string, string>();
  for (const day of sorted) {
    const salt =
      day === newest
        ? await saltOfDayQuietly(day)
        : ((await storedSaltOfDay(day)) ?? crypto.randomBytes(32).toString("base64url"));
    salts.set(day, salt);
  }
  return salts;
}

/** The rows to add for buffered views (the address and user agent become the visitor hash). */
export function visitCountsOf(
  batch: BufferedViews[],
  salts: ReadonlyMap<string, string>,
): VisitCount[] {
  return batch.map((entry) => ({
    day: entry.day,
    visitor: visitorHash(salts.get(entry.day) ?? "", entry.host, entry.ip, entry.userAgent),
    path: entry.path,
    projectId: entry.projectId,
    referrer: entry.referrer,
    views: entry.views,
  }));
}

async function writeBuffered(): Promise<void> {
  const dropped = buffer.takeDropped();
  if (dropped > 0) {
    console.warn(`${dropped} page view(s) not counted: too many different visitors at once`);
  }
  const batch = buffer.take();
  if (batch.length === 0) return;
  try {
    const salts = await saltsOf(batch.map((entry) => entry.day));
    await addVisitCountsQuietly(visitCountsOf(batch, salts));
  } catch (error) {
    // The batch is dropped (not retried): a database that keeps failing must not hold raw
    // addresses in memory, and the server goes on.
    const views = batch.reduce((sum, entry) => sum + entry.views, 0);
    console.error(`Saving visit counts failed: ${views} page view(s) not counted`, error);
  }
}

let flushing: Promise<void> = Promise.resolve();

/**
 * Writes the views counted so far (after a write already under way). Resolves once they are in
 * the database; never rejects (a failure is logged).
 */
export function flushPageViews(): Promise<void> {
  flushing = flushing.then(writeBuffered, writeBuffered);
  return flushing;
}

/** What the buffer holds now (for tests and diagnostics). */
export function pageViewBufferState() {
  return { keys: buffer.size, dropped: buffer.dropped };
}

let timer: NodeJS.Timeout | undefined;

onServerStart(() => {
  if (!countingOn()) return;
  timer = setInterval(() => void flushPageViews(), env().FOLIO_STATS_FLUSH_MS);
  timer.unref();
});

onServerStop(async () => {
  clearInterval(timer);
  timer = undefined;
  await flushPageViews();
});
