import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db.server";
import { getRetentionMonths, setRetentionMonths } from "~/models/setting.server";
import {
  addVisitCounts,
  daysBefore,
  deleteVisitsBefore,
  saltOfDay,
  visitStats,
  type VisitCount,
} from "~/models/visit.server";
import { RETENTION_MONTHS_DEFAULT } from "~/utils/visit-stats";

const TODAY = "2026-03-02";
const view = (over: Partial<VisitCount>): VisitCount => ({
  day: TODAY,
  visitor: "a",
  path: "/",
  projectId: null,
  referrer: "",
  views: 1,
  ...over,
});

describe("visit statistics model", () => {
  beforeEach(async () => {
    await prisma.visit.deleteMany();
    await prisma.visitSalt.deleteMany();
    await prisma.setting.deleteMany();
  });

  it("counts days across a month end, adds views of the same key, and zero-fills the period", async () => {
    expect(daysBefore(TODAY, 2)).toBe("2026-02-28");
    await addVisitCounts([view({}), view({ views: 2 }), view({ visitor: "b" })]);
    await addVisitCounts([view({ day: "2026-02-28", path: "/resume", referrer: "example.org" })]);
    const stats = await visitStats(7, TODAY);
    expect(stats.daily).toHaveLength(7);
    expect(stats.daily.at(-1)).toEqual({ day: TODAY, visits: 4, visitors: 2 });
    expect(stats.daily.at(-3)).toEqual({ day: "2026-02-28", visits: 1, visitors: 1 });
    expect(stats.daily[0]).toEqual({ day: "2026-02-24", visits: 0, visitors: 0 });
    expect(stats.totals).toEqual({ visits: 5, visitors: 3 });
    expect(stats.topPages.map((p) => [p.label, p.visits, p.visitors])).toEqual([
      ["/", 4, 2],
      ["/resume", 1, 1],
    ]);
    expect(stats.topReferrers).toEqual([{ label: "example.org", visits: 1, visitors: 1 }]);
    expect(await prisma.visit.count()).toBe(3);
  });

  it("names top projects by title, and a deleted one by its id", async () => {
    const project = await prisma.project.findFirst({ select: { id: true, title: true } });
    const counts = [view({ path: "/projects/999999", projectId: 999999 })];
    if (project)
      counts.push(view({ path: `/projects/${project.id}`, projectId: project.id, views: 3 }));
    await addVisitCounts(counts);
    const { topProjects } = await visitStats(30, TODAY);
    expect(topProjects.at(-1)).toMatchObject({ label: "Deleted project #999999", exists: false });
    if (project)
      expect(topProjects[0]).toMatchObject({ label: project.title, visits: 3, exists: true });
  });

  it("keeps one salt, for the current day, and deletes counts older than the retention", async () => {
    const first = await saltOfDay("2026-03-01");
    expect(await saltOfDay("2026-03-01")).toBe(first);
    const next = await saltOfDay(TODAY);
    expect(next).not.toBe(first);
    expect(await prisma.visitSalt.findMany({ select: { day: true } })).toEqual([{ day: TODAY }]);
    await addVisitCounts([view({ day: "2025-01-01" }), view({})]);
    expect(await deleteVisitsBefore("2025-02-01")).toBe(1);
    expect(await prisma.visit.count()).toBe(1);
  });

  it("reads the retention setting, with its default", async () => {
    expect(await getRetentionMonths()).toBe(RETENTION_MONTHS_DEFAULT);
    await setRetentionMonths(6);
    expect(await getRetentionMonths()).toBe(6);
  });
});
