// Visit statistics' data access: the counted page views (Visit: one row per day, visitor hash,
// page and referring site, with a view count), the daily salts the visitor hashes are made with
// (VisitSalt), and the figures the dashboard shows. No IP address or user agent is ever stored:
// a visitor is only a hash of them with the day's salt (app/utils/page-views.server.ts), and the
// salt of a day is deleted once the day is over, so a hash can no longer be linked to anyone.
import Database from "better-sqlite3";
import crypto from "node:crypto";
import { onServerStop } from "~/utils/lifecycle.server";
import { TOP_LIST_LENGTH } from "~/utils/visit-stats";
import { commitWithoutContentChange } from "./content-version.server";
import { databaseFile } from "./database-file.server";
import { prisma } from "./db.server";

/** One counted row to add: `views` page views of `path` by `visitor` on `day`. */
export type VisitCount = {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** The visitor's hash for that day. */
  visitor: string;
  /** The page's path without its query ("/projects/12"). */
  path: string;
  /** The project shown, on a project's page. */
  projectId: number | null;
  /** The referring site's host name, "" for none. */
  referrer: string;
  views: number;
};

/** The UTC day of `date` as YYYY-MM-DD. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day `days` days before `day` (YYYY-MM-DD, UTC). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return dayOf(date);
}

/**
 * The salt of `day`, made when first asked for. The salts of other days are deleted at the same
 * time: a visitor hash of a past day can then never be recomputed from an address.
 */
export async function saltOfDay(day: string): Promise<string> {
  const existing = await prisma.visitSalt.findUnique({ where: { day } });
  if (existing) return existing.salt;
  const salt = crypto.randomBytes(32).toString("base64url");
  // Two processes may make the first view of the day at once: the first salt stored wins.
  await prisma.$executeRaw`INSERT INTO "VisitSalt" ("day", "salt") VALUES (${day}, ${salt}) ON CONFLICT ("day") DO NOTHING`;
  await prisma.visitSalt.deleteMany({ where: { day: { not: day } } });
  const stored = await prisma.visitSalt.findUniqueOrThrow({ where: { day } });
  return stored.salt;
}

/** Adds counted page views (one transaction; rows of the same key add up). */
export async function addVisitCounts(counts: VisitCount[]): Promise<void> {
  if (counts.length === 0) return;
  await prisma.$transaction(
    counts.map(
      (c) => prisma.$executeRaw`
        INSERT INTO "Visit" ("day", "visitor", "path", "projectId", "referrer", "views")
        VALUES (${c.day}, ${c.visitor}, ${c.path}, ${c.projectId}, ${c.referrer}, ${c.views})
        ON CONFLICT ("day", "visitor", "path", "referrer")
        DO UPDATE SET "views" = "views" + excluded."views"`,
    ),
  );
}

/** Deletes the counts of the days before `firstKeptDay` (retention); returns how many rows. */
export async function deleteVisitsBefore(firstKeptDay: string): Promise<number> {
  const { count } = await prisma.visit.deleteMany({ where: { day: { lt: firstKeptDay } } });
  return count;
}

export type DailyVisits = { day: string; visits: number; visitors: number };
export type TopRow = { label: string; visits: number; visitors: number };
export type TopProject = TopRow & { projectId: number; exists: boolean };

export type VisitStats = {
  /** Every day of the period, oldest first (days without visits included, as zeros). */
  daily: DailyVisits[];
  totals: { visits: number; visitors: number };
  topPages: TopRow[];
  topProjects: TopProject[];
  topReferrers: TopRow[];
};

const toNumber = (value: number | bigint | null) => Number(value ?? 0);

/**
 * The figures of the `days` days ending with `today` (UTC). Unique visitors are counted per day
 * (a visitor's hash changes every day), so a period's visitors are the sum of its days'.
 */
export async function visitStats(
  days: number,
  today: string = dayOf(new Date()),
): Promise<VisitStats> {
  const first = daysBefore(today, days - 1);
  type Agg = { visits: number | bigint | null; visitors: number | bigint | null };
  const [dailyRows, pageRows, projectRows, referrerRows] = await Promise.all([
    prisma.$queryRaw<Array<Agg & { day: string }>>`
      SELECT "day", SUM("views") AS visits, COUNT(DISTINCT "visitor") AS visitors
      FROM "Visit" WHERE "day" BETWEEN ${first} AND ${today} GROUP BY "day"`,
    prisma.$queryRaw<Array<Agg & { label: string }>>`
      SELECT "path" AS label, SUM("views") AS visits,
        COUNT(DISTINCT "day" || ' ' || "visitor") AS visitors
      FROM "Visit" WHERE "day" BETWEEN ${first} AND ${today}
      GROUP BY "path" ORDER BY visits DESC, label LIMIT ${TOP_LIST_LENGTH}`,
    prisma.$queryRaw<Array<Agg & { projectId: number | bigint; title: string | null }>>`
      SELECT v."projectId" AS projectId, p."title" AS title, SUM(v."views") AS visits,
        COUNT(DISTINCT v."day" || ' ' || v."visitor") AS visitors
      FROM "Visit" v LEFT JOIN "Project" p ON p."id" = v."projectId"
      WHERE v."day" BETWEEN ${first} AND ${today} AND v."projectId" IS NOT NULL
      GROUP BY v."projectId" ORDER BY visits DESC, v."projectId" LIMIT ${TOP_LIST_LENGTH}`,
    prisma.$queryRaw<Array<Agg & { label: string }>>`
      SELECT "referrer" AS label, SUM("views") AS visits,
        COUNT(DISTINCT "day" || ' ' || "visitor") AS visitors
      FROM "Visit" WHERE "day" BETWEEN ${first} AND ${today} AND "referrer" <> ''
      GROUP BY "referrer" ORDER BY visits DESC, label LIMIT ${TOP_LIST_LENGTH}`,
  ]);
  const byDay = new Map(dailyRows.map((row) => [row.day, row]));
  const daily: DailyVisits[] = [];
  for (let i = days - 1; i >= 0; i -= 1) {
    const day = daysBefore(today, i);
    const row = byDay.get(day);
    daily.push({ day, visits: toNumber(row?.visits ?? 0), visitors: toNumber(row?.visitors ?? 0) });
  }
  const top = (rows: Array<Agg & { label: string }>): TopRow[] =>
    rows.map((row) => ({
      label: row.label,
      visits: toNumber(row.visits),
      visitors: toNumber(row.visitors),
    }));
  return {
    daily,
    totals: {
      visits: daily.reduce((sum, d) => sum + d.visits, 0),
      visitors: daily.reduce((sum, d) => sum + d.visitors, 0),
    },
    topPages: top(pageRows),
    topProjects: projectRows.map((row) => ({
      projectId: toNumber(row.projectId),
      label: row.title ?? `Deleted project #${toNumber(row.projectId)}`,
      exists: row.title !== null,
      visits: toNumber(row.visits),
      visitors: toNumber(row.visitors),
    })),
    topReferrers: top(referrerRows),
  };
}

/** The stored salt of `day`, or null (never makes one, never deletes one). */
export async function storedSaltOfDay(day: string): Promise<string | null> {
  const row = await prisma.visitSalt.findUnique({ where: { day }, select: { salt: true } });
  return row?.salt ?? null;
}

/** How long a quiet write waits for the write lock (it blocks the event loop meanwhile). */
const QUIET_BUSY_TIMEOUT_MS = 250;

/** The visit statistics' own connection and statements, for writes that are not content. */
type QuietConnection = {
  db: Database.Database;
  add: Database.Statement;
  salt: Database.Statement;
  addSalt: Database.Statement;
  deleteOtherSalts: Database.Statement;
};
let quiet: QuietConnection | undefined;

function quietConnection(): QuietConnection {
  if (!quiet) {
    const db = new Database(databaseFile(), { fileMustExist: true });
    db.pragma(`busy_timeout = ${QUIET_BUSY_TIMEOUT_MS}`);
    db.pragma("synchronous = NORMAL");
    quiet = {
      db,
      add: db.prepare(`
        INSERT INTO "Visit" ("day", "visitor", "path", "projectId", "referrer", "views")
        VALUES (@day, @visitor, @path, @projectId, @referrer, @views)
        ON CONFLICT ("day", "visitor", "path", "referrer")
        DO UPDATE SET "views" = "views" + excluded."views"`),
      salt: db.prepare(`SELECT "salt" FROM "VisitSalt" WHERE "day" = ?`).pluck(),
      addSalt: db.prepare(
        `INSERT INTO "VisitSalt" ("day", "salt") VALUES (?, ?) ON CONFLICT ("day") DO NOTHING`,
      ),
      deleteOtherSalts: db.prepare(`DELETE FROM "VisitSalt" WHERE "day" <> ?`),
    };
  }
  return quiet;
}

/** Whether `error` is SQLite's "database is locked" (another process holds the write lock). */
function isBusy(error: unknown): boolean {
  return (error as { code?: string }).code === "SQLITE_BUSY";
}

/**
 * saltOfDay on the statistics' own connection: making the day's salt (the first write of the
 * day's counts) does not count as a content change either, so it does not empty the page cache
 * under load. When the database is busy, falls back to saltOfDay.
 */
export async function saltOfDayQuietly(day: string): Promise<string> {
  try {
    const { db, salt, addSalt, deleteOtherSalts } = quietConnection();
    const existing = salt.get(day) as string | undefined;
    if (existing) return existing;
    commitWithoutContentChange(db, () => {
      addSalt.run(day, crypto.randomBytes(32).toString("base64url"));
      deleteOtherSalts.run(day);
    });
    return salt.get(day) as string;
  } catch (error) {
    if (!isBusy(error)) throw error;
    return saltOfDay(day);
  }
}

/**
 * Adds counted page views like addVisitCounts, on a connection of its own, synchronously, so the
 * commit does not count as a content change (content-version.server.ts): the page cache keeps its
 * pages. When the database is busy (another process writing), falls back to addVisitCounts.
 */
export async function addVisitCountsQuietly(counts: VisitCount[]): Promise<void> {
  if (counts.length === 0) return;
  try {
    const { db, add } = quietConnection();
    commitWithoutContentChange(db, () => {
      for (const count of counts) add.run(count);
    });
  } catch (error) {
    if (!isBusy(error)) throw error;
    await addVisitCounts(counts);
  }
}

onServerStop(() => {
  quiet?.db.close();
  quiet = undefined;
});
