// The public layout in a real browser, with JavaScript on and off: the navbar, the Projects
// dropdown, the mobile menu, the active link, Hire Me, and the 404 pages inside the layout.
import { expect, test } from "./fixtures";

test.describe("public navigation (desktop)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the Projects dropdown opens and leads to each list; the active link is highlighted", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const dropdown = nav.locator("details[data-menu=projects]");
    await expect(dropdown.getByRole("link", { name: "React", exact: true })).toBeHidden();

    for (const [label, path, title] of [
      ["React", "/projects/react", "My React Type Projects"],
      ["Laravel", "/projects/laravel", "My Laravel Type Projects"],
      ["All", "/projects", "My All Type Projects"],
    ] as const) {
      await dropdown.locator("summary").click();
      const link = dropdown.getByRole("link", { name: label, exact: true });
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      // The menu is closed again and the current list is marked.
      await expect(dropdown).not.toHaveAttribute("open");
      await expect(dropdown.locator(`a[href="${path}"]`)).toHaveAttribute("aria-current", "page");
      await expect(dropdown.locator("summary")).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute(
        "aria-current",
        "page",
      );
    }

    await nav.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Hi, I'm");
  });

  test("with JavaScript, Escape and a click outside close the dropdown", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "closing on Escape/outside click needs JavaScript");
    await page.goto("/");
    const dropdown = page.locator("details[data-menu=projects]");
    await dropdown.locator("summary").click();
    await expect(dropdown).toHaveAttribute("open");
    await page.keyboard.press("Escape");
    await expect(dropdown).not.toHaveAttribute("open");
    await expect(dropdown.locator("summary")).toBeFocused();
    await dropdown.locator("summary").click();
    await expect(dropdown).toHaveAttribute("open");
    await page.getByRole("heading", { level: 1 }).click();
    await expect(dropdown).not.toHaveAttribute("open");
  });

  test("Hire Me opens the profile's LinkedIn in a new tab; the footer has the quick links", async ({
    page,
  }) => {
    await page.goto("/projects");
    const hire = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
      name: "Hire Me",
    });
    await expect(hire).toHaveAttribute("href", /linkedin\.com/);
    await expect(hire).toHaveAttribute("target", "_blank");
    await expect(hire).toHaveAttribute("rel", "noopener noreferrer");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    // The resume is linked from the footer and the navbar (and marked there when shown).
    await footer.getByRole("link", { name: "Resume", exact: true }).click();
    await expect(page).toHaveURL("/resume");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Resume", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await footer.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL("/");
    await nav.getByRole("link", { name: "Resume", exact: true }).click();
    await expect(page).toHaveURL("/resume");
  });
});

test.describe("public navigation (phone)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens, its Projects list opens, and it closes when a link is followed", async ({
    page,
  }) => {
    await page.goto("/");
    const menu = page.locator("details[data-menu=mobile]");
    const desktopNav = page.locator("nav.md\\:flex");
    await expect(desktopNav).toBeHidden();
    await expect(menu.getByRole("link", { name: "Contact" })).toBeHidden();

    await menu.getByText("Menu").click();
    const nav = menu.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Contact", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Hire Me" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Laravel", exact: true })).toBeHidden();

    await nav.locator("details[data-menu=projects-mobile] summary").click();
    await nav.getByRole("link", { name: "Laravel", exact: true }).click();
    await expect(page).toHaveURL("/projects/laravel");
    await expect(
      page.getByRole("heading", { level: 1, name: "My Laravel Type Projects" }),
    ).toBeVisible();
    await expect(menu).not.toHaveAttribute("open");
    await expect(menu.getByRole("link", { name: "Home", exact: true })).toBeHidden();

    await menu.getByText("Menu").click();
    await nav.getByRole("link", { name: "Resume", exact: true }).click();
    await expect(page).toHaveURL("/resume");
    await expect(menu).not.toHaveAttribute("open");

    await menu.getByText("Menu").click();
    await expect(nav.getByRole("link", { name: "Resume", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeVisible();
    await nav.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(menu).not.toHaveAttribute("open");
    await menu.getByText("Menu").click();
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("with JavaScript, Escape, a click outside and a followed link close the menu", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "closing on Escape/outside click needs JavaScript");
    await page.goto("/projects");
    const menu = page.locator("details[data-menu=mobile]");
    const summary = menu.locator("> summary");
    await summary.click();
    await expect(menu).toHaveAttribute("open");
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open");
    await expect(summary).toBeFocused();

    await summary.click();
    await page.mouse.click(195, 820); // below the open menu
    await expect(menu).not.toHaveAttribute("open");

    // Following a link closes it at once (also on a page restored from the back/forward cache):
    // the navigation itself is held back here, so only the script can have closed it.
    await summary.click();
    const contact = menu.getByRole("link", { name: "Contact", exact: true });
    await contact.evaluate((a) => a.addEventListener("click", (e) => e.preventDefault()));
    await contact.click();
    await expect(menu).not.toHaveAttribute("open");
    await expect(page).toHaveURL("/projects");
  });
});

test.describe("404 pages keep the layout", () => {
  test("an unknown URL answers 404 with the site's not-found page", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Quick Links");
    await expect(page).toHaveTitle(/^Page not found · \S/);
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL("/");
  });

  for (const id of ["999999999", "not-a-number"]) {
    test(`/projects/${id} answers 404 with 'Project not found.'`, async ({ page }) => {
      const response = await page.goto(`/projects/${id}`);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { level: 1, name: "Project not found." }),
      ).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await page.getByRole("link", { name: "Browse projects" }).click();
      await expect(page).toHaveURL("/projects");
    });
  }
});
