// What owners expect of the dashboard's lists, with JavaScript on and off: search and filters in
// the URL (a plain GET form; with JavaScript the list follows as the owner types), pages that keep
// the search, rename screens for skills and categories, duplicate names refused beside the field,
// the dashboard's Recent Projects linking to each project, and axe clean in both themes.
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { expectMessage, rowOf } from "./admin-crud";
import { expect, ownerTest as test, unique } from "./fixtures";

const SKILLS = "/dashboard/admin/skills";
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** Runs `sql` on the SQLite file of this project's e2e server (see tests/e2e/server.mjs). */
function db<T>(testInfo: TestInfo, work: (db: Database.Database) => T): T {
  const port = new URL(testInfo.project.use.baseURL!).port;
  const tmp = path.resolve(process.env.FOLIO_TEST_TMP ?? "tests/.tmp");
  const file = path.join(tmp, `e2e-${testInfo.project.name}-${port}.db`);
  const handle = new Database(file);
  handle.pragma("busy_timeout = 5000");
  try {
    return work(handle);
  } finally {
    handle.close();
  }
}

const now = () => new Date().toISOString();

function insertSkill(testInfo: TestInfo, name: string) {
  return db(testInfo, (d) =>
    Number(
      d
        .prepare(
          "INSERT INTO Skill (name, position, createdAt, updatedAt) VALUES (?, 100000, ?, ?)",
        )
        .run(name, now(), now()).lastInsertRowid,
    ),
  );
}

/** The result line is on screen at the top of the page, at desktop and phone widths. */
async function expectResultsOnScreen(page: Page, text: string | RegExp) {
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await expect(page.getByTestId("list-results")).toHaveText(text);
    await expect(page.getByTestId("list-results")).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

test.describe("admin lists", () => {
  test.setTimeout(120_000);

  test("search narrows the list in the URL, hides reordering, says how many; Clear shows all", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const stamp = unique("Findme").replace(/\s/g, "");
    const ids = [insertSkill(testInfo, `${stamp} Alpha`), insertSkill(testInfo, `${stamp} Beta`)];
    try {
      await page.goto(SKILLS);
      const search = page.getByRole("searchbox", { name: "Search skills" });
      await expect(page.getByRole("button", { name: /^Move .* up$/ }).first()).toBeVisible();
      if (javaScriptEnabled) {
        await search.pressSequentially(stamp.toLowerCase(), { delay: 10 });
        await expect(page).toHaveURL(`${SKILLS}?q=${stamp.toLowerCase()}`);
        // The list followed the typing; the owner is still in the search box.
        await expect(search).toBeFocused();
      } else {
        await search.fill(stamp.toLowerCase());
        await search.press("Enter");
        await expect(page).toHaveURL(`${SKILLS}?q=${stamp.toLowerCase()}`);
        await expect(search).toHaveValue(stamp.toLowerCase());
      }
      await expectResultsOnScreen(page, `2 results for “${stamp.toLowerCase()}”`);
      await expect(rowOf(page, `${stamp} Alpha`)).toBeVisible();
      await expect(rowOf(page, `${stamp} Beta`)).toBeVisible();
      await expect(page.getByRole("row")).toHaveCount(3);
      // Reordering a narrowed list would be a guess: the Order column goes, a note says why.
      await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);
      await expect(page.getByRole("columnheader", { name: "Order" })).toHaveCount(0);
      await expect(page.getByTestId("reorder-hidden")).toHaveText(
        "Clear the search and filters to reorder.",
      );

      await page.goto(`${SKILLS}?q=${stamp}+nothing`);
      await expect(page.getByTestId("empty-state")).toHaveText(
        "Nothing matches this search. Try other words or clear it.",
      );
      await expectResultsOnScreen(page, `0 results for “${stamp} nothing”`);

      await page.getByRole("link", { name: "Clear the search and filters" }).click();
      await expect(page).toHaveURL(SKILLS);
      await expect(page.getByRole("searchbox", { name: "Search skills" })).toHaveValue("");
      await expect(page.getByTestId("list-results")).toHaveText("");
      await expect(page.getByRole("button", { name: /^Move .* up$/ }).first()).toBeVisible();
    } finally {
      db(testInfo, (d) => d.prepare(`DELETE FROM Skill WHERE id IN (${ids.join(",")})`).run());
    }
  });

  test("a long list has pages that keep the search: Prev, 'Page X of Y', Next", async ({
    page,
  }, testInfo) => {
    const stamp = unique("Pager").replace(/\s/g, "");
    const ids = db(testInfo, (d) => {
      const insert = d.prepare(
        `INSERT INTO Experience (title, institution, year, description, position, createdAt, updatedAt)
         VALUES (?, 'Pager Inc', '2024', '', ?, ?, ?)`,
      );
      return Array.from({ length: 23 }, (_, i) =>
        Number(
          insert.run(`${stamp} ${String(i + 1).padStart(2, "0")}`, 100000 + i, now(), now())
            .lastInsertRowid,
        ),
      );
    });
    try {
      const list = "/dashboard/admin/experience";
      await page.goto(`${list}?q=${stamp}`);
      const pager = page.getByRole("navigation", { name: "Pagination" });
      await expect(pager).toContainText("Page 1 of 2");
      await expect(page.getByRole("row")).toHaveCount(21);
      await expect(pager.getByRole("link", { name: "Prev" })).toHaveAttribute(
        "aria-disabled",
        "true",
      );
      await pager.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(`${list}?q=${stamp}&page=2`);
      await expect(pager).toContainText("Page 2 of 2");
      await expect(page.getByRole("row")).toHaveCount(4);
      await expect(rowOf(page, `${stamp} 23`)).toBeVisible();
      await expect(rowOf(page, `${stamp} 21`).getByRole("cell").first()).toHaveText("21");
      // A new page (JS or not): at the top, the count line on screen.
      await expectResultsOnScreen(page, `23 results for “${stamp}”`);
      await pager.getByRole("link", { name: "Prev" }).click();
      await expect(page).toHaveURL(`${list}?q=${stamp}`);
      await expect(pager).toContainText("Page 1 of 2");
    } finally {
      db(testInfo, (d) => d.prepare(`DELETE FROM Experience WHERE id IN (${ids.join(",")})`).run());
    }
  });

  test("projects filter by status and skill, kept in the URL", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const stamp = unique("Filtered").replace(/\s/g, "");
    const ids = db(testInfo, (d) => {
      const insert = d.prepare(
        `INSERT INTO Project (title, skill, level, sourceCode, draft, position, createdAt, updatedAt)
         VALUES (?, 'Laravel', 'Advanced', 'https://example.com', ?, 100000, ?, ?)`,
      );
      return [
        Number(insert.run(`${stamp} Draft`, 1, now(), now()).lastInsertRowid),
        Number(insert.run(`${stamp} Live`, 0, now(), now()).lastInsertRowid),
      ];
    });
    try {
      const list = "/dashboard/admin/projects";
      await page.goto(`${list}?q=${stamp}`);
      await expect(page.getByRole("row")).toHaveCount(3);
      const status = page.getByLabel("Status");
      // As a person does: focus the select (Tab or click), then choose.
      await status.focus();
      await status.selectOption("draft");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
      // Without JavaScript the browser sends the empty selects too (?skill=&...): the same list.
      await expect(page).toHaveURL(
        javaScriptEnabled
          ? `${list}?q=${stamp}&status=draft`
          : `${list}?q=${stamp}&skill=&level=&status=draft&featured=`,
      );
      if (javaScriptEnabled) await expect(status).toBeFocused();
      await expect(page.getByRole("row")).toHaveCount(2);
      await expect(rowOf(page, `${stamp} Draft`)).toBeVisible();
      await expectResultsOnScreen(page, `1 result for “${stamp}”`);

      await page.getByLabel("Skill").selectOption("React");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(
        javaScriptEnabled
          ? `${list}?q=${stamp}&skill=React&status=draft`
          : `${list}?q=${stamp}&skill=React&level=&status=draft&featured=`,
      );
      await expect(page.getByTestId("empty-state")).toBeVisible();
      await expect(page.getByLabel("Status")).toHaveValue("draft");
    } finally {
      db(testInfo, (d) => d.prepare(`DELETE FROM Project WHERE id IN (${ids.join(",")})`).run());
    }
  });

  test("the inbox searches within its folder, with an unread-only filter", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const stamp = unique("Inboxq").replace(/\s/g, "");
    const ids = db(testInfo, (d) => {
      const insert = d.prepare(
        `INSERT INTO Message (name, email, subject, message, ip, folder, notifyStatus, readAt, createdAt, updatedAt)
         VALUES (?, 'q@example.com', 'Hello', ?, '203.0.113.5', 'inbox', 'off', ?, ?, ?)`,
      );
      return [
        Number(insert.run("Read one", `${stamp} read`, now(), now(), now()).lastInsertRowid),
        Number(insert.run("Unread one", `${stamp} unread`, null, now(), now()).lastInsertRowid),
      ];
    });
    try {
      await page.goto(`/dashboard/admin/messages?q=${stamp}`);
      await expect(page.getByTestId("message-row")).toHaveCount(2);
      await page.getByLabel("Show").selectOption("unread");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(`/dashboard/admin/messages?q=${stamp}&show=unread`);
      await expect(page.getByTestId("message-row")).toHaveCount(1);
      await expect(page.getByTestId("message-row")).toContainText("Unread one");
      await expectResultsOnScreen(page, `1 result for “${stamp}”`);
      await expect(page.getByRole("link", { name: /^Inbox/ })).toHaveAttribute(
        "aria-current",
        "page",
      );
    } finally {
      db(testInfo, (d) => d.prepare(`DELETE FROM Message WHERE id IN (${ids.join(",")})`).run());
    }
  });

  test("rename a skill; another skill's name in any case is refused beside the field", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const taken = unique("Taken");
    const mine = unique("Mine");
    const ids = [insertSkill(testInfo, taken), insertSkill(testInfo, mine)];
    try {
      // Add Skill with the taken name in lower case.
      await page.goto(`${SKILLS}/add`);
      await page.getByLabel("Skill Name").fill(taken.toLowerCase());
      await page.getByRole("button", { name: "Add Skill" }).click();
      await expectRefused(page, javaScriptEnabled, "Skill Name", taken.toLowerCase(), [
        `A skill named "${taken}" already exists.`,
        "Failed to add Skill.",
      ]);

      // Rename: the row's Edit link, the other's name refused, then a new name saved.
      await page.goto(`${SKILLS}?q=${encodeURIComponent(mine)}`);
      await rowOf(page, mine)
        .getByRole("link", { name: `Edit ${mine}` })
        .click();
      await expect(page).toHaveURL(`/dashboard/admin/skill-edit/${ids[1]}`);
      await expect(page.getByLabel("Skill Name")).toHaveValue(mine);
      await page.getByLabel("Skill Name").fill(taken.toUpperCase());
      await page.getByRole("button", { name: "Update Skill" }).click();
      await expectRefused(page, javaScriptEnabled, "Skill Name", taken.toUpperCase(), [
        `A skill named "${taken}" already exists.`,
        "Failed to update Skill.",
      ]);

      await page.getByLabel("Skill Name").fill(mine);
      await page.getByRole("button", { name: "Update Skill" }).click();
      if (javaScriptEnabled) await expectMessage(page, "No Changes Made");
      else await expect(page.getByTestId("form-result")).toContainText("No Changes Made");

      const renamed = `${mine} renamed`;
      await page.getByLabel("Skill Name").fill(renamed);
      await page.getByRole("button", { name: "Update Skill" }).click();
      await expect(page).toHaveURL(SKILLS);
      await expectMessage(page, "Skill Updated Successfully!", `“${renamed}” has been saved.`);
      await expect(rowOf(page, renamed)).toBeVisible();
    } finally {
      db(testInfo, (d) => d.prepare(`DELETE FROM Skill WHERE id IN (${ids.join(",")})`).run());
    }
  });

  test("rename a category: its projects follow; a duplicate is refused", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const name = unique("Cat");
    const [categoryId, projectId] = db(testInfo, (d) => [
      Number(
        d
          .prepare(
            "INSERT INTO Category (name, position, createdAt, updatedAt) VALUES (?, 100000, ?, ?)",
          )
          .run(name, now(), now()).lastInsertRowid,
      ),
      Number(
        d
          .prepare(
            `INSERT INTO Project (title, skill, level, sourceCode, position, createdAt, updatedAt)
             VALUES (?, ?, 'Beginner', 'https://example.com', 100000, ?, ?)`,
          )
          .run(`${name} project`, name, now(), now()).lastInsertRowid,
      ),
    ]);
    try {
      await page.goto(`/dashboard/admin/category?q=${encodeURIComponent(name)}`);
      await rowOf(page, name)
        .getByRole("link", { name: `Edit ${name}` })
        .click();
      await expect(page).toHaveURL(`/dashboard/admin/category-edit/${categoryId}`);
      await page.getByLabel("Category Name").fill("react");
      await page.getByRole("button", { name: "Update Category" }).click();
      await expectRefused(page, javaScriptEnabled, "Category Name", "react", [
        'A category named "React" already exists.',
      ]);
      const renamed = `${name} 2`;
      await page.getByLabel("Category Name").fill(renamed);
      await page.getByRole("button", { name: "Update Category" }).click();
      await expect(page).toHaveURL("/dashboard/admin/category");
      await expectMessage(page, "Category Updated Successfully!");
      await expect(rowOf(page, renamed)).toBeVisible();
      const skill = db(testInfo, (d) =>
        d.prepare("SELECT skill FROM Project WHERE id = ?").get(projectId),
      );
      expect(skill).toEqual({ skill: renamed });
    } finally {
      db(testInfo, (d) => {
        d.prepare("DELETE FROM Project WHERE id = ?").run(projectId);
        d.prepare("DELETE FROM Category WHERE id = ?").run(categoryId);
      });
    }
  });

  test("the dashboard's Recent Projects rows link to the project's admin view", async ({
    page,
  }) => {
    await page.goto("/dashboard");
    const recent = page.getByRole("region", { name: "Recent Projects" });
    const first = recent.getByRole("link").first();
    const title = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/portfolio-view\/\d+$/);
    await expect(page.getByRole("main")).toContainText(title);
  });

  test("lists with a search and the edit screens have no axe violations, light and dark", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "axe runs as a script in the page");
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const url of [
        `${SKILLS}?q=developer`,
        "/dashboard/admin/projects?q=a&status=published",
        "/dashboard/admin/messages?q=zzzz",
        "/dashboard/admin/category",
      ]) {
        await page.goto(url);
        const { violations } = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa"])
          .analyze();
        expect(violations.map((v) => `${scheme} ${url}: ${v.id} ${v.nodes[0]?.target}`)).toEqual(
          [],
        );
      }
      await page
        .getByRole("link", { name: /^Edit / })
        .first()
        .click();
      await expect(page.getByRole("heading", { name: "Edit Category" })).toBeVisible();
      const { violations } = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa"])
        .analyze();
      expect(violations.map((v) => `${scheme} edit: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
    }
  });
});

/**
 * A refused form: with JavaScript the 'Error!' dialog first (OK closes it), then, JS on and off,
 * the error summary has focus and is on screen, the message is under the field and the typed
 * value is kept.
 */
async function expectRefused(
  page: Page,
  javaScriptEnabled: boolean,
  label: string,
  typed: string,
  texts: string[],
) {
  const [fieldMessage] = texts;
  if (javaScriptEnabled) {
    const dialog = page.getByTestId("message-dialog");
    await expect(dialog).toBeVisible();
    for (const text of texts.slice(1)) await expect(dialog).toContainText(text);
    await dialog.getByRole("button", { name: "OK" }).click();
  }
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText(fieldMessage);
  await expect(summary).toBeInViewport();
  const field = page.getByLabel(label);
  await expect(field).toHaveValue(typed);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const escaped = fieldMessage.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(field).toHaveAccessibleDescription(new RegExp(escaped));
}
