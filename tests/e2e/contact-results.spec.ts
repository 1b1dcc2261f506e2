// Issue #17's "nothing sent twice" and "content that looks right", in a real browser with
// JavaScript on and off: the contact form's post/redirect/get (the thank-you at the top,
// focused, without scrolling; a reload sends nothing; the same message again is refused), the
// spam reason on a message, and the admin project view's facts and thumbnail. axe in both themes.
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import type { Page, TestInfo } from "@playwright/test";
import { databaseOf, expect, test, unique } from "./fixtures";

/** Runs `fn` on the e2e server's database (the test's own rows only). */
function withDb<T>(testInfo: TestInfo, fn: (db: Database.Database) => T): T {
  const db = new Database(databaseOf(testInfo));
  db.pragma("busy_timeout = 5000");
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

const countBySubject = (testInfo: TestInfo, subject: string) =>
  withDb(
    testInfo,
    (db) =>
      (
        db.prepare("SELECT COUNT(*) AS n FROM Message WHERE subject = ?").get(subject) as {
          n: number;
        }
      ).n,
  );

const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

async function expectNoAxeViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes[0]?.target}`),
    label,
  ).toEqual([]);
}

/** Both themes of the page as it is now ("system" follows the color scheme asked for). */
async function expectAxeCleanInBothThemes(page: Page, label: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    // Colours change with a transition: check them once it has run.
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
    await expectNoAxeViolations(page, `${label} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** The result is where the eye is: focused, in view, and (a fresh page) nothing scrolled. */
async function expectResultSeen(page: Page, javaScriptEnabled: boolean, testId = "contact-result") {
  const result = page.getByTestId(testId);
  await expect(result).toBeFocused();
  await expect(result).toBeInViewport({ ratio: 1 });
  if (!javaScriptEnabled) expect(await page.evaluate(() => window.scrollY)).toBe(0);
  return result;
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`contact form results at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("refused, then sent: each result at the top, focused; a reload sends nothing; the same message again is refused", async ({
      page,
      javaScriptEnabled,
    }, testInfo) => {
      const values = {
        Name: "Grace E2E",
        Email: "grace.e2e@example.com",
        Subject: unique("Sent once"),
        Message: "Hello, only once please.",
      };
      const fill = async () => {
        for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
      };
      await page.goto("/contact");
      await fill();
      // First a refusal by the server (a subject over 200 characters; the browser's own limit
      // removed): the error summary, focused and in view, and everything typed kept.
      await field(page, "Subject").evaluate((el) => el.removeAttribute("maxlength"));
      await field(page, "Subject").fill("x".repeat(201));
      await page.getByRole("button", { name: "Send Message" }).click();
      const summary = await expectResultSeen(page, javaScriptEnabled, "error-summary");
      await expect(summary).toContainText("Your message was not sent.");
      await expect(summary).toContainText("Subject must be at most 200 characters");
      await expect(field(page, "Message")).toHaveValue(values.Message);
      await field(page, "Subject").fill(values.Subject);
      await page.getByRole("button", { name: "Send Message" }).click();

      let result = await expectResultSeen(page, javaScriptEnabled);
      await expect(result).toHaveAttribute("role", "status");
      await expect(result).toHaveText(
        /Thank you! Your message has been sent\.\s*I will read it soon and reply to you by email\./,
      );
      await expect(page).toHaveURL("/contact");
      for (const label of Object.keys(values)) await expect(field(page, label)).toHaveValue("");
      // Said once: no toast repeats it.
      await expect(page.getByText("Thank you! Your message has been sent.")).toHaveCount(1);
      expect(countBySubject(testInfo, values.Subject)).toBe(1);

      // Reload: a plain GET of the page (post/redirect/get), nothing stored or said again.
      await page.reload();
      await expect(page.getByRole("heading", { name: "Contact Me" })).toBeVisible();
      await expect(page.getByTestId("contact-result")).toHaveCount(0);
      expect(countBySubject(testInfo, values.Subject)).toBe(1);

      // The same message again: refused, everything typed kept, focus on why.
      await fill();
      await page.getByRole("button", { name: "Send Message" }).click();
      result = await expectResultSeen(page, javaScriptEnabled);
      await expect(result).toHaveAttribute("role", "alert");
      await expect(result).toContainText("This message was already sent.");
      await expect(result).toContainText(
        "You already sent this message a few minutes ago: it arrived, no need to send it again.",
      );
      for (const [label, value] of Object.entries(values))
        await expect(field(page, label)).toHaveValue(value);
      expect(countBySubject(testInfo, values.Subject)).toBe(1);

      if (javaScriptEnabled && viewport.width === 1366) {
        await expectAxeCleanInBothThemes(page, "/contact with a refusal");
        // The thank-you, in both themes (a fresh send: a new subject).
        await field(page, "Subject").fill(unique("Axe"));
        await page.getByRole("button", { name: "Send Message" }).click();
        await expect(page.getByTestId("contact-result")).toContainText("Thank you!");
        await expectAxeCleanInBothThemes(page, "/contact thanked");
      }
    });
  });
}

test("the owner reads why a message went to Spam", async ({
  page,
  asOwner,
  javaScriptEnabled,
}, testInfo) => {
  const subject = unique("Spam reason");
  const reason =
    "Sent 0.4 s after the form was opened, and the message contains 3 links and it came without a User-Agent (not a browser).";
  const id = withDb(testInfo, (db) => {
    const now = new Date().toISOString();
    return Number(
      db
        .prepare(
          `INSERT INTO Message (name, email, subject, message, folder, notifyStatus, spamReason, ip, createdAt, updatedAt)
           VALUES ('Bot', 'bot@example.com', ?, 'http://a http://b http://c', 'spam', 'off', ?, '192.0.2.1', ?, ?)`,
        )
        .run(subject, reason, now, now).lastInsertRowid,
    );
  });
  // The Spam folder's list says why too, under the message's preview.
  await asOwner(`/dashboard/admin/messages?folder=spam&q=${encodeURIComponent(subject)}`);
  await expect(page.getByTestId("message-row").getByTestId("spam-reason")).toHaveText(
    `Why spam: ${reason}`,
  );
  await page.goto(`/dashboard/admin/messages/${id}`);
  await expect(page.getByRole("heading", { name: subject })).toBeVisible();
  await expect(page.getByTestId("spam-reason")).toHaveText(reason);
  if (javaScriptEnabled) await expectAxeCleanInBothThemes(page, "message in Spam");
  // Moved to the inbox by the owner: the filter's reason stays, saying so.
  await page.getByRole("button", { name: "Not spam" }).click();
  await expect(page.getByText("Not spam: moved to the inbox")).toBeVisible();
  await page.goto(`/dashboard/admin/messages/${id}`);
  await expect(page.getByTestId("spam-reason")).toHaveText(`${reason} (You moved it out of Spam.)`);
  withDb(testInfo, (db) => db.prepare("DELETE FROM Message WHERE id = ?").run(id));
});

test("the admin project view shows the public facts (formatted, empty ones left out) and the whole thumbnail", async ({
  page,
  asOwner,
  javaScriptEnabled,
}, testInfo) => {
  const title = unique("Facts view");
  const id = withDb(testInfo, (db) => {
    const now = new Date().toISOString();
    return Number(
      db
        .prepare(
          `INSERT INTO Project (title, clientName, date, service, budget, strategy, design, userExperience,
             thumbnail, skill, level, position, createdAt, updatedAt)
           VALUES (?, '', '2025-04-01', 'Web app', 1234.5, '', '', 'Use it', '/images/demothumbnail001-960x600',
             'React', 'Advanced', 100000, ?, ?)`,
        )
        .run(title, now, now).lastInsertRowid,
    );
  });
  try {
    await page.setViewportSize({ width: 1366, height: 768 });
    await asOwner(`/dashboard/admin/portfolio-view/${id}`);
    const facts = page.getByTestId("project-facts");
    await expect(facts.locator("dt")).toHaveText(["Date", "Service", "Budget", "Skill", "Level"]);
    await expect(facts.locator("dd")).toHaveText([
      "April 1, 2025",
      "Web app",
      "$1,234.50",
      "React",
      "Advanced",
    ]);
    await expect(page.getByRole("heading", { name: "User Experience" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Strategy" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Design" })).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText("—");

    // The whole image (its own 16:10 shape, no crop), flush with the top of its frame.
    const image = page.getByRole("img", { name: `${title} thumbnail` });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const box = (await image.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(960 / 600, 1);
    const frame = (await page.locator("figure").filter({ has: image }).boundingBox())!;
    expect(Math.abs(box.y - frame.y)).toBeLessThanOrEqual(1.5);
    if (javaScriptEnabled) await expectAxeCleanInBothThemes(page, "admin project view");

    // The public page renders the same facts and blocks.
    await page.goto(`/projects/${id}`);
    await expect(page.getByTestId("project-facts").locator("dd")).toHaveText([
      "April 1, 2025",
      "Web app",
      "$1,234.50",
    ]);
    await expect(page.getByTestId("project-blocks").getByRole("heading")).toHaveText([
      "User Experience",
    ]);
    if (javaScriptEnabled) await expectAxeCleanInBothThemes(page, "project detail");
  } finally {
    withDb(testInfo, (db) => db.prepare("DELETE FROM Project WHERE id = ?").run(id));
  }
});
