// The owner's Statistics screen, with JavaScript on and off: the server-drawn chart and the
// tables, the period switch (links), the retention form (a refusal beside the field, then a
// save with the "Saved" toast and the privacy notice following), axe clean in both themes, and
// a phone-sized screen that does not scroll sideways. Visit rows are put in the e2e server's
// database directly, on past days no other spec counts visits on.
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import type { Page, TestInfo } from "@playwright/test";
import { databaseOf, expect, ownerTest as test, unique } from "./fixtures";

const STATS = "/dashboard/admin/stats";
const RETENTION_KEY = "stats.retentionMonths";

function db<T>(testInfo: TestInfo, work: (db: Database.Database) => T): T {
  const handle = new Database(databaseOf(testInfo));
  handle.pragma("busy_timeout = 5000");
  try {
    return work(handle);
  } finally {
    handle.close();
  }
}

/** The UTC day `n` days ago, YYYY-MM-DD. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** "Mon, 23 Nov 2026", as the page writes a day. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));

type Seeded = { path: string; referrer: string; project: { id: number; title: string } };

/** Visits on past days under unique paths (removed by `unseed`). */
function seed(testInfo: TestInfo): Seeded {
  const stamp = unique("stats").replace(/\s/g, "-").toLowerCase();
  const path = `/${stamp}`;
  const referrer = `${stamp}.example.org`;
  return db(testInfo, (d) => {
    const project = d.prepare("SELECT id, title FROM Project ORDER BY id LIMIT 1").get() as {
      id: number;
      title: string;
    };
    const insert = d.prepare(
      "INSERT INTO Visit (day, visitor, path, projectId, referrer, views) VALUES (?, ?, ?, ?, ?, ?)",
    );
    insert.run(daysAgo(3), `${stamp}-a`, path, null, referrer, 4);
    insert.run(daysAgo(3), `${stamp}-b`, path, null, "", 1);
    insert.run(daysAgo(3), `${stamp}-a`, `/projects/${project.id}`, project.id, "", 2);
    // Outside the last 7 days: only in the 30 and 90 day periods.
    insert.run(daysAgo(20), `${stamp}-c`, `${path}/older`, null, "", 6);
    return { path, referrer, project };
  });
}

function unseed(testInfo: TestInfo, { path }: Seeded) {
  db(testInfo, (d) =>
    d.prepare("DELETE FROM Visit WHERE visitor LIKE ?").run(`${path.slice(1)}-%`),
  );
}

const chart = (page: Page) =>
  page.getByRole("img", { name: /^Visits and unique visitors per day/ });

async function expectNoAxeViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(violations.map((v) => `${label}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
}

test.describe("statistics page", () => {
  test.setTimeout(120_000);

  test("the chart, its table and the top lists render; the period switch is links", async ({
    page,
  }, testInfo) => {
    const seeded = seed(testInfo);
    try {
      await page.goto("/dashboard");
      await page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: "Statistics" })
        .click();
      await expect(page).toHaveURL(STATS);
      await expect(page).toHaveTitle("Statistics · Dashboard · Folio");
      const period = page.getByRole("navigation", { name: "Period" });
      await expect(period.getByRole("link", { name: "7 days" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(chart(page)).toBeVisible();
      await expect(chart(page)).toHaveAccessibleName(
        "Visits and unique visitors per day, last 7 days",
      );
      await expect(chart(page)).toHaveAccessibleDescription(
        /^From .* to .*: \d+ visits? and \d+ unique visitors?\. Busiest day: .*\.$/,
      );
      await expect(page.getByTestId("chart-day")).toHaveCount(7);
      await expect(page.locator(`rect[data-day="${daysAgo(3)}"]`)).toBeVisible();

      // The same figures as a table, behind "Show as table".
      const table = page.getByRole("table", { name: /last 7 days/ });
      await expect(table).toBeHidden();
      await page.getByText("Show as table").click();
      await expect(table).toBeVisible();
      await expect(
        table.getByRole("row", { name: longDay(daysAgo(3)) }).getByRole("cell"),
      ).toHaveText(["7", "2"]);

      const pages = page.getByRole("table", { name: "Top pages" });
      await expect(pages.getByRole("link", { name: seeded.path, exact: true })).toHaveAttribute(
        "href",
        seeded.path,
      );
      await expect(pages.getByText(`${seeded.path}/older`)).toHaveCount(0);
      const projects = page.getByRole("table", { name: "Top projects" });
      await expect(
        projects.getByRole("link", { name: seeded.project.title, exact: true }),
      ).toHaveAttribute("href", `/dashboard/admin/portfolio-view/${seeded.project.id}`);
      const referrers = page.getByRole("table", { name: "Top referrer sites" });
      await expect(
        referrers.getByRole("row", { name: seeded.referrer }).getByRole("cell"),
      ).toHaveText(["4", "1"]);
      await expect(referrers.getByRole("link")).toHaveCount(0);

      await period.getByRole("link", { name: "30 days" }).click();
      await expect(page).toHaveURL(`${STATS}?days=30`);
      await expect(period.getByRole("link", { name: "30 days" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.getByTestId("chart-day")).toHaveCount(30);
      await expect(chart(page)).toHaveAccessibleName(
        "Visits and unique visitors per day, last 30 days",
      );
      await expect(
        page.getByRole("table", { name: "Top pages" }).getByRole("link", {
          name: `${seeded.path}/older`,
        }),
      ).toBeVisible();
      await period.getByRole("link", { name: "90 days" }).click();
      await expect(page).toHaveURL(`${STATS}?days=90`);
      await expect(page.getByTestId("chart-day")).toHaveCount(90);
      await page.goto(`${STATS}?days=nonsense`);
      await expect(period.getByRole("link", { name: "7 days" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.getByTestId("chart-day")).toHaveCount(7);
    } finally {
      unseed(testInfo, seeded);
    }
  });

  test("a visitor in a real browser with JavaScript off, at phone width, is counted", async ({
    browser,
    page,
  }, testInfo) => {
    const referrer = `${unique("visitor").replace(/\s/g, "-").toLowerCase()}.example.net`;
    // A phone's Chrome: headless Chromium's own User-Agent ("HeadlessChrome") is a bot's for
    // isbot, and bots are not counted (page-view-rules.server.ts). No cookies: a context made in
    // an owner test gets the owner's signed-in state by default, and the owner is not counted.
    const visitor = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: { cookies: [], origins: [] },
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      userAgent:
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      extraHTTPHeaders: { Referer: `https://${referrer}/search?q=portfolio` },
    });
    try {
      const tab = await visitor.newPage();
      for (const path of ["/", "/resume"]) expect((await tab.goto(path))?.status()).toBe(200);
    } finally {
      await visitor.close();
    }
    try {
      // The owner's page writes the views still in memory before reading them.
      await page.goto(STATS);
      const referrers = page.getByRole("table", { name: "Top referrer sites" });
      await expect(referrers.getByRole("row", { name: referrer }).getByRole("cell")).toHaveText([
        "2",
        "1",
      ]);
    } finally {
      db(testInfo, (d) => d.prepare("DELETE FROM Visit WHERE referrer = ?").run(referrer));
    }
  });

  test("the retention form refuses 0 beside the field, then saves 24 months with 'Saved'", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    try {
      await page.goto(STATS);
      const field = page.getByLabel("Keep visit counts for (months)");
      const notice = page.getByLabel("Notice for your privacy page");
      await expect(field).toHaveValue("13");
      await expect(notice).toHaveValue(/deleted after 13 months\.$/);

      await field.fill("0");
      await page.getByRole("button", { name: "Save" }).click();
      const message = page.locator("#retention-months-error");
      await expect(message).toHaveText("Enter a whole number of months from 1 to 120.");
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveValue("0");
      if (!javaScriptEnabled) {
        // The server's refusal: its message above the form, the error summary linking the field.
        await expect(page.getByTestId("form-result")).toContainText(
          "The visit counts' retention was not saved.",
        );
      }
      expect(
        db(testInfo, (d) =>
          d.prepare("SELECT value FROM Setting WHERE key = ?").get(RETENTION_KEY),
        ),
      ).toBeUndefined();

      await field.fill("24");
      await page.getByRole("button", { name: "Save" }).click();
      const flash = page.getByTestId("flash");
      await expect(flash).toContainText("Saved");
      await expect(flash).toContainText("Visit counts are kept for 24 months.");
      await expect(page).toHaveURL(STATS);
      await expect(field).toHaveValue("24");
      await expect(notice).toHaveValue(/deleted after 24 months\.$/);
      await expect(message).toHaveCount(0);
    } finally {
      db(testInfo, (d) => d.prepare("DELETE FROM Setting WHERE key = ?").run(RETENTION_KEY));
    }
  });

  test("no axe violations in light and dark, desktop and phone; the phone screen does not scroll sideways", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const seeded = seed(testInfo);
    try {
      for (const size of [
        { width: 1366, height: 768 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await page.goto(`${STATS}?days=30`);
          await expect(chart(page)).toBeVisible();
          await page.getByText("Show as table").click();
          await expect(page.getByRole("table", { name: /last 30 days/ })).toBeVisible();
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${size.width} px ${colorScheme}`).toBeLessThanOrEqual(0);
          const box = await chart(page).boundingBox();
          expect(box!.width).toBeLessThanOrEqual(size.width);
          if (javaScriptEnabled) {
            await expectNoAxeViolations(page, `${size.width} px ${colorScheme}`);
          }
          const dir = process.env.FOLIO_SCREENSHOTS_DIR;
          if (dir && javaScriptEnabled) {
            await page.evaluate(() => window.scrollTo(0, 0));
            const name = size.width > 1000 ? `desktop-${colorScheme}` : `phone-${colorScheme}`;
            await page.screenshot({
              path: `${dir}/stats-${name}.jpg`,
              type: "jpeg",
              quality: 70,
              fullPage: size.width < 1000,
            });
          }
        }
      }
    } finally {
      unseed(testInfo, seeded);
    }
  });
});
