// Project lists and detail pages in a real browser, with JavaScript on and off: pagination
// through every page, card links, a detail with and without images, drafts hidden.
import Database from "better-sqlite3";
import path from "node:path";
import type { TestInfo } from "@playwright/test";
import { expect, test, unique } from "./fixtures";

/** The SQLite file of the e2e server this project talks to (see tests/e2e/server.mjs). */
function databaseOf(testInfo: TestInfo) {
  const { baseURL } = testInfo.project.use;
  const port = new URL(baseURL!).port;
  const tmp = path.resolve(process.env.FOLIO_TEST_TMP ?? "tests/.tmp");
  return path.join(tmp, `e2e-${testInfo.project.name}-${port}.db`);
}

type Inserted = { id: number; title: string };

/** Adds a project straight to the server's database (the admin screens are tested elsewhere). */
function insertProject(
  testInfo: TestInfo,
  fields: { skill: string; draft?: boolean; thumbnail?: string; images?: string[] },
): Inserted {
  const db = new Database(databaseOf(testInfo));
  db.pragma("busy_timeout = 5000");
  try {
    const title = unique("E2E project");
    const now = new Date().toISOString();
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO Project (title, subtitle, clientName, date, service, budget, strategy, design,
           userExperience, shortDescription, longDescription, liveView, sourceCode, thumbnail, skill,
           level, featured, draft, position, createdAt, updatedAt)
         VALUES (?, 'A gallery test', 'Gallery Client', '2025-06-01', 'Testing', 2500, 'Plan it',
           'Draw it', 'Use it', 'Short text', 'Long text', 'https://example.com/live-e2e',
           'https://example.com/source-e2e', ?, ?, 'Advanced', 0, ?, 100000, ?, ?)`,
      )
      .run(title, fields.thumbnail ?? "", fields.skill, fields.draft ? 1 : 0, now, now);
    const id = Number(lastInsertRowid);
    for (const [i, url] of (fields.images ?? []).entries())
      db.prepare("INSERT INTO ProjectImage (projectId, url, position) VALUES (?, ?, ?)").run(
        id,
        url,
        i,
      );
    return { id, title };
  } finally {
    db.close();
  }
}

function deleteProject(testInfo: TestInfo, id: number) {
  const db = new Database(databaseOf(testInfo));
  db.pragma("busy_timeout = 5000");
  try {
    db.prepare("DELETE FROM Project WHERE id = ?").run(id);
  } finally {
    db.close();
  }
}

test.describe("project lists", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("pagination walks every page of /projects with Prev, Next and 'Page X of Y'", async ({
    page,
  }) => {
    await page.goto("/projects");
    await expect(
      page.getByRole("heading", { level: 1, name: "My All Type Projects" }),
    ).toBeVisible();
    const pager = page.getByRole("navigation", { name: "Pagination" });
    const prev = pager.getByRole("link", { name: "Prev" });
    const next = pager.getByRole("link", { name: "Next" });
    await expect(prev).toHaveAttribute("aria-disabled", "true");

    const label = await pager.getByText(/^Page \d+ of \d+$/).textContent();
    const total = Number(/of (\d+)/.exec(label!)![1]);
    expect(total).toBeGreaterThanOrEqual(2);
    let current = 1;
    while ((await next.getAttribute("aria-disabled")) !== "true") {
      const cards = page.locator("main article");
      expect(await cards.count()).toBe(8);
      await next.click();
      current += 1;
      await expect(page).toHaveURL(`/projects?page=${current}`);
      await expect(pager.getByText(/^Page \d+ of \d+$/)).toHaveText(
        new RegExp(`^Page ${current} of \\d+$`),
      );
      await expect(prev).not.toHaveAttribute("aria-disabled");
      expect(current).toBeLessThanOrEqual(50);
    }
    // The last page: Next disabled, between 1 and 8 cards, and X equals Y.
    await expect(pager.getByText(/^Page \d+ of \d+$/)).toHaveText(`Page ${current} of ${current}`);
    const onLast = await page.locator("main article").count();
    expect(onLast).toBeGreaterThanOrEqual(1);
    expect(onLast).toBeLessThanOrEqual(8);
    await prev.click();
    await expect(page).toHaveURL(current - 1 === 1 ? "/projects" : `/projects?page=${current - 1}`);
  });

  test("an out-of-range page shows the last page instead of an error", async ({ page }) => {
    const response = await page.goto("/projects?page=9999");
    expect(response?.status()).toBe(200);
    const label = await page.getByText(/^Page \d+ of \d+$/).textContent();
    const [, x, y] = /Page (\d+) of (\d+)/.exec(label!)!;
    expect(x).toBe(y);
    const bad = await page.goto("/projects?page=abc");
    expect(bad?.status()).toBe(200);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  });

  test("React cards offer Live View and View; Laravel cards offer Source and View", async ({
    page,
  }) => {
    await page.goto("/projects/react");
    const reactCard = page.locator("main article").first();
    await expect(reactCard.getByText("React", { exact: true })).toBeVisible();
    await expect(reactCard.getByRole("link", { name: /^Live View/ })).toHaveAttribute(
      "target",
      "_blank",
    );
    await expect(reactCard.getByRole("link", { name: /^Source/ })).toHaveCount(0);

    await page.goto("/projects/laravel");
    const card = page.locator("main article").first();
    const title = await card.getByRole("heading").textContent();
    await expect(card.getByRole("link", { name: /^Source/ })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );
    await expect(card.getByRole("link", { name: /^Live View/ })).toHaveCount(0);
    await card.getByRole("link", { name: /^View / }).click();
    await expect(page).toHaveURL(/\/projects\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
  });
});

test.describe("project detail", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a project without images: facts, blocks, no gallery, 'View Source Code' in a new tab", async ({
    page,
  }, testInfo) => {
    const project = insertProject(testInfo, { skill: "Laravel" });
    try {
      await page.goto(`/projects/${project.id}`);
      await expect(page).toHaveTitle(new RegExp(`^${project.title} · `));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(project.title);
      await expect(page.getByText("A gallery test")).toBeVisible();
      await expect(page.getByText("Gallery Client")).toBeVisible();
      await expect(page.getByText("June 1, 2025")).toBeVisible();
      await expect(page.getByText("$2,500")).toBeVisible();
      for (const block of ["Strategy", "Design", "User Experience"])
        await expect(page.getByRole("heading", { level: 2, name: block })).toBeVisible();
      await expect(page.getByText("Short text")).toBeVisible();
      await expect(page.getByText("Long text")).toBeVisible();
      await expect(page.getByTestId("gallery")).toHaveCount(0);
      const button = page.getByRole("link", { name: /^View Source Code/ });
      await expect(button).toHaveAttribute("href", "https://example.com/source-e2e");
      await expect(button).toHaveAttribute("target", "_blank");
      await expect(page.getByRole("link", { name: /^View Live Project/ })).toHaveCount(0);
    } finally {
      deleteProject(testInfo, project.id);
    }
  });

  test("a React project with a thumbnail and a gallery: every image loads; 'View Live Project'", async ({
    page,
    baseURL,
  }, testInfo) => {
    const project = insertProject(testInfo, {
      skill: "React",
      thumbnail: `${baseURL}/logo.svg`,
      images: [`${baseURL}/favicon.svg`, `${baseURL}/logo.svg`],
    });
    try {
      await page.goto(`/projects/${project.id}`);
      const thumb = page.getByRole("img", { name: `${project.title} thumbnail` });
      await expect(thumb).toBeVisible();
      const gallery = page.getByTestId("gallery");
      await expect(gallery.getByRole("img")).toHaveCount(2);
      await gallery.scrollIntoViewIfNeeded();
      for (const img of await gallery.getByRole("img").all()) {
        await img.scrollIntoViewIfNeeded();
        await expect
          .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
      }
      await expect(gallery.getByRole("img").first()).toHaveAttribute(
        "alt",
        `${project.title} screenshot 1`,
      );
      const button = page.getByRole("link", { name: /^View Live Project/ });
      await expect(button).toHaveAttribute("href", "https://example.com/live-e2e");
      await expect(button).toHaveAttribute("target", "_blank");
    } finally {
      deleteProject(testInfo, project.id);
    }
  });

  test("a draft is not shown to visitors", async ({ page }, testInfo) => {
    const draft = insertProject(testInfo, { skill: "React", draft: true });
    try {
      const response = await page.goto(`/projects/${draft.id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Project not found." })).toBeVisible();
      await page.goto("/projects/react");
      await expect(page.getByText(draft.title)).toHaveCount(0);
    } finally {
      deleteProject(testInfo, draft.id);
    }
  });
});
