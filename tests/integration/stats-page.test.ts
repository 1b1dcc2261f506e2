// The owner's Statistics screen through the real server (the production build): only the owner
// sees it; it shows the period's totals, a server-drawn SVG chart with one bar per day, the same
// figures as a table, the top pages, projects and referring sites; the period comes from
// `?days=` (anything else is the default, never an error); the retention form refuses what is
// not 1–120 months (400, the message beside the field, what was typed kept) and, saved, deletes
// the older counts and changes the privacy notice.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db.server";
import { getRetentionMonths } from "~/models/setting.server";
import { addVisitCounts, dayOf, daysBefore, type VisitCount } from "~/models/visit.server";
import { firstKeptDay, privacyNotice } from "~/utils/visit-stats";
import { signInOverHttp, startTestServer, type TestServer } from "../support/server";

const OWNER = { email: "owner@example.com", password: "stats-page-owner-password" };
const STATS = "/dashboard/admin/stats";

let server: TestServer;
let cookie: string;
let projectId: number;

beforeAll(async () => {
  // The server uses this file's database: rows put in here are what it shows.
  server = await startTestServer({
    databaseUrl: process.env.DATABASE_URL,
    env: {
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      RATE_LIMIT_DISABLED: "1",
    },
  });
  // The session only (not the sign-in's own "Login Successful" flash).
  cookie = (await signInOverHttp(server, OWNER))
    .split("; ")
    .filter((c) => !c.startsWith("folio_toast="))
    .join("; ");
  projectId = (
    await prisma.project.create({
      data: { title: "Stats Demo Project", skill: "React", level: "Advanced" },
    })
  ).id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const today = () => dayOf(new Date());
const view = (over: Partial<VisitCount>): VisitCount => ({
  day: today(),
  visitor: "v1",
  path: "/",
  projectId: null,
  referrer: "",
  views: 1,
  ...over,
});

async function get(path: string, withCookie = true) {
  const res = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: withCookie ? { Cookie: cookie } : {},
  });
  return { res, html: await res.text() };
}

async function post(fields: Record<string, string>, { withCookie = true, path = STATS } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(withCookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
  return { res, html: await res.text() };
}

/** The text of the element with `data-testid`, tags removed. */
function textOf(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return "";
  const tag = html.lastIndexOf("<", start);
  const name = /^<(\w+)/.exec(html.slice(tag))?.[1] ?? "div";
  const end = html.indexOf(`</${name}>`, start);
  return html
    .slice(html.indexOf(">", start) + 1, end)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
const bars = (html: string) => count(html, /<rect data-day="\d{4}-\d\d-\d\d"/g);

beforeEach(async () => {
  await prisma.visit.deleteMany();
  await prisma.setting.deleteMany();
});

describe("statistics page", () => {
  it("sends anonymous GETs and POSTs to the sign-in page, showing and changing nothing", async () => {
    await addVisitCounts([view({ path: "/secret-page" })]);
    const page = await get(STATS, false);
    expect(page.res.status).toBe(302);
    expect(page.res.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(STATS)}`);
    expect(page.html).not.toContain("/secret-page");
    const data = await get(`${STATS}?days=30`, false);
    expect(data.res.status).toBe(302);
    expect(data.res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);

    const saved = await post({ intent: "retention", months: "1" }, { withCookie: false });
    expect(saved.res.status).toBe(302);
    expect(saved.res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(await getRetentionMonths()).toBe(13);
    expect(await prisma.visit.count()).toBe(1);
  });

  it("shows the owner the totals, a chart with one bar per day, its table and the top lists", async () => {
    const t = today();
    await addVisitCounts([
      view({ visitor: "a", path: "/", views: 3, referrer: "news.example.org" }),
      view({ visitor: "b", path: "/", views: 1 }),
      view({ visitor: "a", path: `/projects/${projectId}`, projectId, views: 2 }),
      view({ visitor: "c", path: "/projects/424242", projectId: 424242, views: 1 }),
      view({ day: daysBefore(t, 3), visitor: "a", path: "/resume", referrer: "search.example" }),
      // Outside the last 7 days: only in the 30-day period.
      view({ day: daysBefore(t, 10), visitor: "z", path: "/contact", views: 5 }),
    ]);
    const { res, html } = await get(STATS);
    expect(res.status).toBe(200);
    expect(html).toContain("<title>Statistics · Dashboard · Folio</title>");
    expect(textOf(html, "total-visits")).toBe("8");
    // a, b, c today and a on another day: a visitor counts once per day.
    expect(textOf(html, "total-visitors")).toBe("4");
    expect(html).toMatch(
      /<svg[^>]*role="img"[^>]*aria-labelledby="visits-chart-title"[^>]*aria-describedby="visits-chart-desc"/,
    );
    expect(html).toContain(
      '<title id="visits-chart-title">Visits and unique visitors per day, last 7 days</title>',
    );
    expect(textOf(html, "visits-chart")).toContain("8 visits and 4 unique visitors");
    expect(bars(html)).toBe(7);
    expect(html).toContain(`data-day="${t}"`);
    expect(html).toContain(`data-day="${daysBefore(t, 6)}"`);
    expect(count(html, /<tr><th scope="row"/g)).toBeGreaterThanOrEqual(7);
    expect(textOf(html, "daily-table")).toMatch(/Day Visits Visitors .* 7 3$/);

    const pages = textOf(html, "top-pages");
    expect(pages).toMatch(/^Top pages Page Visits Visitors \/ 4 2 \/projects\/\d+ 2 1/);
    expect(pages).not.toContain("/contact");
    expect(html).toMatch(/<a href="\/resume"[^>]*>\/resume<\/a>/);
    expect(textOf(html, "top-projects")).toContain("Stats Demo Project 2 1");
    expect(html).toContain(`href="/dashboard/admin/portfolio-view/${projectId}"`);
    expect(textOf(html, "top-projects")).toContain("Deleted project #424242 1 1");
    expect(html).not.toContain('href="/dashboard/admin/portfolio-view/424242"');
    expect(textOf(html, "top-referrers")).toBe(
      "Top referrer sites Site Visits Visitors news.example.org 3 1 search.example 1 1",
    );
    expect(html).not.toContain('href="news.example.org');
    expect(html).not.toContain("://news.example.org");
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>7 days<\/a>/);
  });

  it("takes ?days=30 and 90; any other value is the 7-day default, never an error", async () => {
    await addVisitCounts([view({ day: daysBefore(today(), 10), path: "/contact", views: 5 })]);
    const month = await get(`${STATS}?days=30`);
    expect(month.res.status).toBe(200);
    expect(bars(month.html)).toBe(30);
    expect(textOf(month.html, "total-visits")).toBe("5");
    expect(textOf(month.html, "top-pages")).toContain("/contact 5 1");
    expect(month.html).toMatch(/<a[^>]*aria-current="page"[^>]*>30 days<\/a>/);
    expect(bars((await get(`${STATS}?days=90`)).html)).toBe(90);

    for (const days of ["abc", "0", "-7", "31", "7.0e1", "%00", "9".repeat(5000)]) {
      const { res, html } = await get(`${STATS}?days=${days}`);
      expect(res.status, days).toBe(200);
      expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>7 days<\/a>/);
      expect(textOf(html, "stats-empty")).toBe(
        "No visits in the last 7 days yet. Visits appear here within seconds of a page view. " +
          "Your own visits while signed in, bots, and browsers that send Do Not Track or Global " +
          "Privacy Control are not counted.",
      );
      expect(bars(html)).toBe(0);
    }
  });

  it.each([
    ["0", "Enter a whole number of months from 1 to 120."],
    ["121", "Enter a whole number of months from 1 to 120."],
    ["abc", "Enter a whole number of months from 1 to 120."],
    ["12.5", "Enter a whole number of months from 1 to 120."],
    ["", "Enter how many months to keep visit counts."],
    ["9".repeat(3000), "Enter a whole number of months from 1 to 120."],
  ])(
    "refuses %j months: 400, the message beside the field, the value kept",
    async (months, message) => {
      await addVisitCounts([view({ day: "2001-01-01" })]);
      const { res, html } = await post({ intent: "retention", months });
      expect(res.status).toBe(400);
      expect(html).toContain(
        '<p id="retention-months-error" class="text-sm text-red-700" role="alert">',
      );
      expect(html).toContain(message);
      expect(html).toContain("The visit counts&#x27; retention was not saved.");
      expect(html).toMatch(
        new RegExp(
          `<input[^>]*name="months"[^>]*value="${months}"|<input[^>]*value="${months}"[^>]*name="months"`,
        ),
      );
      expect(html).toMatch(/aria-invalid="true"/);
      expect(await getRetentionMonths()).toBe(13);
      expect(await prisma.visit.count()).toBe(1);
    },
  );

  it("refuses an unknown intent with 400 and changes nothing", async () => {
    const { res, html } = await post({ intent: "drop-everything", months: "1" });
    expect(res.status).toBe(400);
    expect(html).toContain("Unknown action.");
    expect(await getRetentionMonths()).toBe(13);
  });

  it("saves a good value, deletes the older counts, keeps the period, and the notice says it", async () => {
    const t = today();
    const first = firstKeptDay(t, 2);
    await addVisitCounts([
      view({ day: daysBefore(first, 1), visitor: "old" }),
      view({ day: daysBefore(first, 400), visitor: "older" }),
      view({ day: first, visitor: "kept" }),
      view({ visitor: "today" }),
    ]);
    const before = await get(STATS);
    expect(before.html).toContain(privacyNotice(13));
    expect(before.html).toMatch(/<input[^>]*value="13"/);

    const { res } = await post(
      { intent: "retention", months: " 2 " },
      { path: `${STATS}?days=90` },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`${STATS}?days=90`);
    // The redirect's page shows the flash toast (its cookie set by the answer).
    const flash = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(flash).toContain("folio_toast=");
    const shown = await fetch(`${server.url}${STATS}?days=90`, {
      headers: { Cookie: `${cookie}; ${flash}` },
    });
    expect(textOf(await shown.text(), "flash")).toBe(
      "Saved Visit counts are kept for 2 months. 2 older counts were deleted.",
    );
    expect(await getRetentionMonths()).toBe(2);
    expect(
      (await prisma.visit.findMany({ orderBy: { day: "asc" } })).map((v) => v.visitor),
    ).toEqual(["kept", "today"]);

    const after = await get(STATS);
    expect(after.html).toContain(privacyNotice(2));
    expect(after.html).toContain("deleted after 2 months.");
    expect(after.html).toMatch(/<input[^>]*value="2"/);
  });
});
