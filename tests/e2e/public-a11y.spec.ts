// axe-core on every public page built here (desktop and phone, menus open), JavaScript on and off.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test as base } from "./fixtures";

/**
 * axe runs inside the page, which a context without JavaScript cannot do. So in the "nojs"
 * project each page is the server's HTML with its scripts removed (and <noscript> content
 * applied, as a browser without JavaScript would), checked in a context that runs axe only.
 */
const test = base.extend<{ page: Page }>({
  page: async ({ browser, javaScriptEnabled, baseURL, viewport }, provide) => {
    const context = await browser.newContext({ baseURL, viewport, javaScriptEnabled: true });
    const page = await context.newPage();
    if (!javaScriptEnabled) {
      await page.route(
        (url) => url.origin === new URL(baseURL!).origin && !/\.\w+$/.test(url.pathname),
        async (route) => {
          const response = await route.fetch();
          const html = (await response.text())
            .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
            .replace(/<link rel="modulepreload"[^>]*>/g, "")
            .replace(/<\/?noscript>/g, "");
          await route.fulfill({ response, body: html });
        },
      );
    }
    await provide(page);
    await context.close();
  },
});

async function expectNoViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
  expect(summary, label).toEqual([]);
}

async function firstProjectPath(page: Page) {
  await page.goto("/projects");
  const href = await page
    .locator("main article a[href^='/projects/']")
    .first()
    .getAttribute("href");
  expect(href).toMatch(/^\/projects\/\d+$/);
  return href!;
}

test("axe finds no violations on the public pages (desktop)", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const detail = await firstProjectPath(page);
  for (const path of [
    "/",
    "/projects",
    "/projects?page=2",
    "/projects/react",
    "/projects/laravel",
    detail,
    "/projects/999999999",
    "/no-such-page",
  ]) {
    await page.goto(path);
    await expectNoViolations(page, path);
  }
  // With the Projects dropdown open.
  await page.goto("/");
  await page.locator("details[data-menu=projects] summary").click();
  await expectNoViolations(page, "/ with the dropdown open");
});

test("axe finds no violations on a phone, with the menu open", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/", "/projects/react"]) {
    await page.goto(path);
    await expectNoViolations(page, `${path} (phone)`);
  }
  await page.locator("details[data-menu=mobile] > summary").click();
  await page.locator("details[data-menu=projects-mobile] summary").click();
  await expectNoViolations(page, "phone menu open");
});

test("axe finds no violations with reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await expectNoViolations(page, "/ reduced motion");
});
