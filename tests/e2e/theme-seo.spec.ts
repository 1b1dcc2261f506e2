import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** axe (WCAG 2 A and AA) finds nothing on each path, in the light and in the dark theme. */
async function expectNoViolationsInBothThemes(page: Page, paths: string[]) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of paths) {
      await page.goto(path);
      const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(
        result.violations.map(
          (v) => `${scheme} ${path}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`,
        ),
      ).toEqual([]);
    }
  }
}

test.describe("dark mode", () => {
  test("the header's theme control switches the theme, shows which is in use, and the server remembers it (no flash)", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    await page.goto("/");
    // With JavaScript the switch loads no new page (the script sends the form's POST itself).
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(r.url());
    });
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/\bdark\b/);
    const control = page.getByRole("group", { name: "Theme" }).first();
    /** The control's pressed buttons (exactly the one in use). */
    const pressed = () => control.locator('button[aria-pressed="true"]');
    await expect(page.getByTestId("theme-toggle").first()).toHaveAttribute("data-theme", "system");
    await expect(pressed()).toHaveCount(1);
    await expect(pressed()).toHaveAccessibleName("System theme");
    await control.getByRole("button", { name: "Dark theme" }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByTestId("theme-toggle").first()).toHaveAttribute("data-theme", "dark");
    await expect(pressed()).toHaveCount(1);
    await expect(pressed()).toHaveAccessibleName("Dark theme");
    await expect(pressed()).toHaveAttribute("title", "Dark theme (in use)");
    // The choice is a cookie, so the server renders the dark class in the HTML itself. The
    // class changes at once; the cookie comes with the answer to the toggle's request.
    const storedTheme = async () => {
      const stored = (await context.cookies()).find((c) => c.name === "folio_theme")?.value;
      return stored && JSON.parse(Buffer.from(decodeURIComponent(stored), "base64").toString());
    };
    await expect.poll(storedTheme).toBe("dark");
    const response = await page.request.get("/projects");
    expect(await response.text()).toMatch(/<html lang="en" class="h-full dark"/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(11, 18, 32)");
    await page.getByTestId("theme-light").first().click();
    await expect(html).toHaveClass(/\blight\b/);
    await expect(pressed()).toHaveAccessibleName("Light theme");
    await page.getByTestId("theme-system").first().click();
    await expect(html).not.toHaveClass(/\b(dark|light)\b/);
    await expect(pressed()).toHaveAccessibleName("System theme");
    await expect(control.locator('button[aria-pressed="false"]')).toHaveCount(2);
    await expect.poll(storedTheme).toBe("system");
    if (javaScriptEnabled) expect(documents).toEqual([]);
    else expect(documents.length).toBeGreaterThanOrEqual(3);
  });

  test("on a phone the theme control is in the menu, showing the theme in use", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/projects");
    // The header keeps the name whole: the control is not in the bar.
    await expect(
      page.getByRole("banner").getByRole("group", { name: "Theme" }).first(),
    ).toBeHidden();
    await page.getByRole("banner").getByText("Menu").click();
    const control = page.locator("[data-menu=mobile]").getByRole("group", { name: "Theme" });
    await expect(control).toBeVisible();
    await expect(control.locator('button[aria-pressed="true"]')).toHaveAccessibleName(
      "System theme",
    );
    await control.getByRole("button", { name: "Dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.context().clearCookies();
  });

  test("without a choice the system setting applies", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/projects");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(11, 18, 32)");
    await page.emulateMedia({ colorScheme: "light" });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      "rgb(255, 255, 255)",
    );
  });

  test("both themes meet WCAG AA on the public pages and the dashboard (axe)", async ({
    page,
    asOwner,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "axe runs as a script in the page");
    test.setTimeout(240_000);
    await expectNoViolationsInBothThemes(page, ["/", "/projects", "/resume", "/login"]);
    await asOwner();
    await expectNoViolationsInBothThemes(page, [
      "/dashboard",
      "/dashboard/admin/skills",
      "/dashboard/admin/projects/add",
    ]);
  });
});

test.describe("resume", () => {
  test("prints cleanly: no navigation, links shown with their address", async ({ page }) => {
    await page.goto("/resume");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.locator("footer").first()).toBeHidden();
    const after = await page
      .locator(".resume-sheet a[href^='http']")
      .first()
      .evaluate((a) => getComputedStyle(a, "::after").content);
    expect(after).toMatch(/\(https?:\/\//);
    for (const format of ["A4", "Letter"] as const) {
      const pdf = await page.pdf({ format });
      expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
    }
  });
});

test.describe("found by search engines", () => {
  test("sitemap, RSS and JSON Feed are well-formed and linked", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      "/feed.xml",
    );
    await expect(
      page.locator('link[rel="alternate"][type="application/feed+json"]'),
    ).toHaveAttribute("href", "/feed.json");
    for (const path of ["/sitemap.xml", "/feed.xml"]) {
      const xml = await (await request.get(path)).text();
      const parsed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, "application/xml");
        return {
          error: doc.querySelector("parsererror")?.textContent ?? null,
          root: doc.documentElement.nodeName,
        };
      }, xml);
      expect(parsed.error, path).toBeNull();
      expect(["urlset", "rss"]).toContain(parsed.root);
    }
    const feed = await (await request.get("/feed.json")).json();
    expect(feed.items.length).toBeGreaterThan(0);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  });

  test("pages carry canonical, Open Graph, Twitter tags and JSON-LD", async ({ page }) => {
    await page.goto("/");
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(/^http:\/\/localhost:\d+\/$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /summary/);
    const person = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
    );
    expect(person["@type"]).toBe("Person");
    expect(person.sameAs.length).toBeGreaterThan(0);

    for (const path of ["/contact", "/resume", "/projects/react"]) {
      await page.goto(path);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`^http://localhost:\\d+${path}$`),
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /summary/);
    }

    await page.goto("/projects");
    const hrefs = await page
      .locator('a[href^="/projects/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const detail = hrefs.find((h) => /^\/projects\/\d+$/.test(h));
    expect(detail).toBeTruthy();
    await page.goto(detail!);
    const url = page.url();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
    // The project's social card (issue #18): absolute, versioned, 1200×630, a real PNG.
    const id = detail!.split("/").pop();
    const card = page.locator('meta[property="og:image"]');
    await expect(card).toHaveAttribute(
      "content",
      new RegExp(`^http://localhost:\\d+/og/projects/${id}\\.png\\?v=[0-9a-f]{16}$`),
    );
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute(
      "content",
      "1200",
    );
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute(
      "content",
      "630",
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    );
    const image = await page.request.get((await card.getAttribute("content"))!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    const docs = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = docs.flatMap((d) => [JSON.parse(d)].flat()).map((d) => d["@type"]);
    expect(types).toContain("BreadcrumbList");
    expect(types.some((t) => t === "SoftwareSourceCode" || t === "CreativeWork")).toBe(true);
  });
});
