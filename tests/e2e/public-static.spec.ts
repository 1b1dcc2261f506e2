// The public site without the framework's client runtime: each page loads one small script of
// its own (app/enhance/), carries no nonce and is allowed by a fixed policy; the dashboard still
// runs Remix. And what the runtime used to show there: the message dialog and the flash banner.
import { createCookieSessionStorage } from "@remix-run/node";
import type { Page } from "@playwright/test";
import { expect, login, pauseClock, test } from "./fixtures";

const PUBLIC_PAGES = [
  "/",
  "/projects",
  "/projects/react",
  "/projects/laravel",
  "/contact",
  "/resume",
  "/no-such-page",
];

/** A project detail path, as the list links it. */
async function aProjectPath(page: Page) {
  const hrefs = await page
    .locator('a[href^="/projects/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const detail = hrefs.find((h) => /^\/projects\/\d+$/.test(h));
  expect(detail).toBeTruthy();
  return detail!;
}

test("public pages load only the enhancement script, carry no nonce and a fixed policy; the dashboard still hydrates", async ({
  page,
  asOwner,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "what a page's scripts do needs JavaScript");
  const scripts: string[] = [];
  const refused: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await page.goto("/projects");
  const paths = [...PUBLIC_PAGES, await aProjectPath(page), "/"]; // "/" again: from the cache
  const policies = new Set<string>();
  for (const path of paths) {
    scripts.length = 0;
    const response = await page.goto(path);
    const html = await response!.text();
    expect(html, path).not.toMatch(/nonce=|__remixContext|modulepreload/);
    expect(html, path).toContain('<script type="speculationrules">');
    const policy = response!.headers()["content-security-policy"];
    expect(policy, path).toMatch(/script-src 'self' 'sha256-[\w+/=]+';/);
    policies.add(policy);
    // The script ran (it marks <html>), and it is the only one.
    await expect(page.locator("html"), path).toHaveAttribute("data-enhanced", "");
    expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/)]);
    expect(await page.evaluate(() => "__remixContext" in window), path).toBe(false);
  }
  expect([...policies]).toHaveLength(1); // the same bytes for every page and visitor
  expect(refused).toEqual([]); // the speculation rules are allowed by their hash

  // The script is served for a year, by its content hash.
  const script = await page.request.get(scripts[0]);
  expect(script.headers()["cache-control"]).toMatch(/max-age=31536000.*immutable/);

  // The dashboard: Remix hydrates it, with its nonce.
  scripts.length = 0;
  await asOwner("/dashboard");
  await page.waitForFunction(() => "__remixContext" in window);
  expect(scripts.some((s) => !/\/enhance-/.test(s))).toBe(true);
  expect(await page.locator("script[nonce]").count()).toBeGreaterThan(0);
});

test("a public page the app's router reaches (sign-in back to it) is loaded as a document", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript every page is a document");
  await login(page, "/projects"); // the sign-in form's answer is followed by Remix's router
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
});

test("Speculation Rules fetch a public page the pointer rests on, before the click", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the browser reads the rules only with JavaScript on");
  await page.setViewportSize({ width: 1280, height: 900 });
  const speculated: string[] = [];
  page.context().on("request", (r) => {
    if (/prefetch/.test(r.headers()["sec-purpose"] ?? ""))
      speculated.push(new URL(r.url()).pathname);
  });
  await page.goto("/");
  expect(await page.evaluate(() => HTMLScriptElement.supports?.("speculationrules"))).toBe(true);
  // Which links and how eagerly: app/enhance/enhance.test.ts. The project cards' detail pages
  // and each row's View More are the ones marked for prerendering.
  const marked = await page
    .locator("a[data-prerender]")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  expect(marked.length).toBeGreaterThan(0);
  for (const href of marked) expect(href).toMatch(/^\/projects(\/\d+|\/react|\/laravel)?$/);

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Contact" })
    .hover();
  await expect.poll(() => speculated).toContain("/contact");
});

/** The flash cookie the server reads (tests/e2e/server.mjs's SESSION_SECRET). */
async function withToast(page: Page, baseURL: string, toast: Record<string, unknown>) {
  const storage = createCookieSessionStorage({
    cookie: { name: "folio_toast", path: "/", secrets: ["e2e-session-secret"] },
  });
  const session = await storage.getSession();
  session.flash("toast", { id: `${Date.now()}${Math.random()}`, ...toast });
  const value = (await storage.commitSession(session)).split(";")[0].split("=")[1];
  await page.context().addCookies([{ name: "folio_toast", value, url: baseURL }]);
}

test.describe("messages on the public pages", () => {
  test("a message dialog shows; with JavaScript it is modal and Escape closes it, without it OK does", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    await withToast(page, baseURL!, { type: "info", title: "Hello there", dialog: true });
    await page.goto("/projects");
    const dialog = page.getByRole("dialog", { name: "Hello there" });
    await expect(dialog).toBeVisible();
    if (javaScriptEnabled) {
      expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
      await page.keyboard.press("Escape");
    } else {
      await dialog.getByRole("button", { name: "OK" }).click();
    }
    await expect(dialog).toBeHidden();
  });

  test("a flash banner closes by itself after its time, and at once with Dismiss (JavaScript)", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the banner stays until the next page");
    await pauseClock(page);
    await withToast(page, baseURL!, { type: "success", title: "Timed", timeoutMs: 1500 });
    await page.goto("/");
    const flash = page.getByTestId("flash");
    await expect(flash).toContainText("Timed");
    await page.clock.runFor(1400);
    await expect(flash).toBeVisible();
    await page.clock.runFor(200);
    await expect(flash).toBeHidden();

    await withToast(page, baseURL!, { type: "info", title: "Untimed" });
    await page.goto("/resume");
    await expect(flash).toContainText("Untimed");
    await flash.getByRole("button", { name: "Dismiss" }).click();
    await expect(flash).toBeHidden();
  });
});
