// Visit statistics beside the requests: the recorder's writes (salts, hashes, views buffered
// across midnight), the retention prune, and backups (counts and the setting kept, the day's
// salt never).
import Database from "better-sqlite3";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db.server";
import { setRetentionMonths } from "~/models/setting.server";
import { addVisitCounts, dayOf, type VisitCount } from "~/models/visit.server";
import { configuredInstall, createBackup, restoreBackup } from "~/utils/backup.server";
import {
  flushPageViews,
  pageViewBufferState,
  recordPageView,
  visitorHash,
  type RecordedRequest,
} from "~/utils/page-views.server";
import { pruneOldVisits } from "~/utils/visit-retention-job.server";
import { firstKeptDay } from "~/utils/visit-stats";
import { TMP } from "../support/paths";

const BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15";
const work = path.join(TMP, `visit-jobs-${process.pid}-${crypto.randomBytes(3).toString("hex")}`);
fs.mkdirSync(work, { recursive: true });
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const request = (over: Partial<RecordedRequest> = {}): RecordedRequest => ({
  method: "GET",
  url: "/",
  status: 200,
  host: "folio.example",
  ip: "192.0.2.10",
  headers: { "user-agent": BROWSER },
  ...over,
});

const count = (over: Partial<VisitCount>): VisitCount => ({
  day: "2026-01-01",
  visitor: "v",
  path: "/",
  projectId: null,
  referrer: "",
  views: 1,
  ...over,
});

beforeEach(async () => {
  await flushPageViews();
  await prisma.visit.deleteMany();
  await prisma.visitSalt.deleteMany();
  await prisma.setting.deleteMany();
});

describe("the recorder's writes", () => {
  it("adds up views in memory and writes them with a visitor hash of the day's salt", async () => {
    recordPageView(request());
    recordPageView(request());
    recordPageView(
      request({
        url: "/projects/7",
        headers: { "user-agent": BROWSER, referer: "https://dev.to/x" },
      }),
    );
    recordPageView(request({ ip: "192.0.2.11" }));
    recordPageView(request({ headers: { "user-agent": "curl/8.5.0" } })); // a bot: not counted
    expect(pageViewBufferState().keys).toBe(3);
    expect(await prisma.visit.count()).toBe(0); // nothing written per request
    await flushPageViews();
    expect(pageViewBufferState().keys).toBe(0);
    const today = dayOf(new Date());
    const { salt } = await prisma.visitSalt.findUniqueOrThrow({ where: { day: today } });
    const first = visitorHash(salt, "folio.example", "192.0.2.10", BROWSER);
    const rows = await prisma.visit.findMany({ orderBy: [{ path: "asc" }, { views: "desc" }] });
    expect(rows.map(({ id: _id, ...row }) => row)).toEqual([
      { day: today, visitor: first, path: "/", projectId: null, referrer: "", views: 2 },
      {
        day: today,
        visitor: visitorHash(salt, "folio.example", "192.0.2.11", BROWSER),
        path: "/",
        projectId: null,
        referrer: "",
        views: 1,
      },
      {
        day: today,
        visitor: first,
        path: "/projects/7",
        projectId: 7,
        referrer: "dev.to",
        views: 1,
      },
    ]);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
  });

  it("writes views buffered before midnight with that day's salt, then rotates to today's", async () => {
    const now = new Date();
    const today = dayOf(now);
    const yesterday = dayOf(new Date(now.getTime() - 24 * 60 * 60 * 1000));
    await prisma.visitSalt.create({ data: { day: yesterday, salt: "yesterday-salt" } });
    recordPageView(request({ at: now.getTime() - 24 * 60 * 60 * 1000 }));
    recordPageView(request());
    await flushPageViews();
    const rows = await prisma.visit.findMany({ orderBy: { day: "asc" } });
    expect(rows.map((r) => [r.day, r.visitor])).toEqual([
      [yesterday, visitorHash("yesterday-salt", "folio.example", "192.0.2.10", BROWSER)],
      [
        today,
        visitorHash(
          (await prisma.visitSalt.findUniqueOrThrow({ where: { day: today } })).salt,
          "folio.example",
          "192.0.2.10",
          BROWSER,
        ),
      ],
    ]);
    // Only today's salt is left: yesterday's hashes can no longer be made again.
    expect((await prisma.visitSalt.findMany()).map((s) => s.day)).toEqual([today]);
  });

  it("keeps today's salt for the rest of the day (the same visitor, the same hash)", async () => {
    recordPageView(request());
    await flushPageViews();
    recordPageView(request({ url: "/resume" }));
    await flushPageViews();
    const rows = await prisma.visit.findMany();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(1);
  });
});

describe("the retention prune", () => {
  it("counts the first kept day in calendar months (UTC)", () => {
    expect(firstKeptDay("2026-11-25", 13)).toBe("2025-10-25");
    expect(firstKeptDay("2026-03-31", 1)).toBe("2026-02-28");
    expect(firstKeptDay("2024-03-30", 1)).toBe("2024-02-29");
    expect(firstKeptDay("2026-01-15", 2)).toBe("2025-11-15");
    expect(firstKeptDay("2026-01-01", 120)).toBe("2016-01-01");
  });

  it("deletes the counts older than the owner's retention (13 months unless set)", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    await addVisitCounts(
      ["2025-10-24", "2025-10-25", "2026-09-24", "2026-09-25", "2026-11-25"].map((day) =>
        count({ day }),
      ),
    );
    expect(await pruneOldVisits(now)).toBe(1);
    expect((await prisma.visit.findMany({ orderBy: { day: "asc" } })).map((v) => v.day)).toEqual([
      "2025-10-25",
      "2026-09-24",
      "2026-09-25",
      "2026-11-25",
    ]);
    await setRetentionMonths(2);
    expect(await pruneOldVisits(now)).toBe(2);
    expect((await prisma.visit.findMany({ orderBy: { day: "asc" } })).map((v) => v.day)).toEqual([
      "2026-09-25",
      "2026-11-25",
    ]);
  });
});

describe("backups", () => {
  it("keep the visit counts and the settings, and never the day's salt", async () => {
    await addVisitCounts([
      count({ day: "2026-11-24" }),
      count({ day: "2026-11-25", referrer: "dev.to" }),
    ]);
    await setRetentionMonths(6);
    await prisma.visitSalt.create({
      data: { day: "2026-11-25", salt: "do-not-back-up-this-salt" },
    });
    const archive = path.join(work, "visits.tar.gz");
    const { manifest } = await createBackup(archive, configuredInstall());
    expect(manifest.rowCounts).toMatchObject({ Visit: 2, Setting: 1, VisitSalt: 0 });
    // The live database keeps its salt.
    expect(await prisma.visitSalt.count()).toBe(1);

    const target = {
      databaseFile: path.join(work, "restored", "folio.db"),
      uploadsDir: path.join(work, "restored", "uploads"),
      root: process.cwd(),
    };
    expect((await restoreBackup(archive, target)).restored).toBe(true);
    const restored = new Database(target.databaseFile, { readonly: true });
    try {
      expect(
        restored.prepare(`SELECT "day", "referrer", "views" FROM "Visit" ORDER BY "day"`).all(),
      ).toEqual([
        { day: "2026-11-24", referrer: "", views: 1 },
        { day: "2026-11-25", referrer: "dev.to", views: 1 },
      ]);
      expect(restored.prepare(`SELECT "key", "value" FROM "Setting"`).all()).toEqual([
        { key: "stats.retentionMonths", value: "6" },
      ]);
      expect(restored.prepare(`SELECT COUNT(*) AS n FROM "VisitSalt"`).get()).toEqual({ n: 0 });
    } finally {
      restored.close();
    }
    // Not a byte of the salt in the archive's database.
    const gz = fs.readFileSync(archive);
    const { gunzipSync } = await import("node:zlib");
    expect(gunzipSync(gz).includes(Buffer.from("do-not-back-up-this-salt"))).toBe(false);
  });
});
