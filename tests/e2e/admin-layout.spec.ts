import AxeBuilder from "@axe-core/playwright";
import { openAsOwner } from "./admin-crud";
import { expect, ownerTest as test } from "./fixtures";

test.describe("admin layout", () => {
  // Whole add/edit/delete cycles through real pages: allow for a busy machine.
  test.setTimeout(120_000);

  test("dashboard home: the four counts, Recent Projects and Recent Activity", async ({ page }) => {
    await openAsOwner(page);
    for (const label of ["Total Skills", "Total Projects", "Total Services", "Experience"]) {
      await expect(page.getByTestId(`count-${label}`)).toHaveText(/^\d+$/);
    }
    const recent = page.getByRole("table");
    await expect(recent.getByRole("columnheader")).toHaveText(["#", "Project Name", "Category"]);
    await expect(recent.getByRole("row")).toHaveCount(4);
    await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();
  });

  test("sidebar groups open and close (details, no JavaScript needed)", async ({ page }) => {
    await openAsOwner(page);
    const sidebar = page.locator("#admin-sidebar");
    await expect(sidebar.getByText("Admin Panel")).toBeVisible();
    const allSkills = sidebar.getByRole("link", { name: "All Skills" });
    await expect(allSkills).toBeHidden();
    await sidebar.getByText("Skills", { exact: true }).click();
    await expect(allSkills).toBeVisible();
    await sidebar.getByText("Skills", { exact: true }).click();
    await expect(allSkills).toBeHidden();

    await sidebar.getByText("Education", { exact: true }).click();
    await sidebar.getByRole("link", { name: "Add Education" }).click();
    await expect(page).toHaveURL("/dashboard/admin/education/add");
    // The current page's group is open and its link marked current.
    await expect(sidebar.getByRole("link", { name: "Add Education" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the sidebar marks the section of a record's screens (view, edit, delete, sub-pages)", async ({
    page,
  }) => {
    const projects = (await (await page.request.get("/addprotfolio")).json()) as Array<{
      _id: string;
    }>;
    const skills = (await (await page.request.get("/addskill")).json()) as Array<{ _id: string }>;
    const sidebar = page.locator("#admin-sidebar");
    const current = sidebar.locator('[aria-current="page"]');
    for (const [path, label] of [
      [`/dashboard/admin/portfolio-view/${projects[0]._id}`, "All Projects"],
      [`/dashboard/admin/portfolio-edit/${projects[0]._id}`, "All Projects"],
      [`/dashboard/admin/skills/${skills[0]._id}/delete`, "All Skills"],
      ["/dashboard/admin/security/two-factor", "Security"],
    ] as const) {
      await page.goto(path);
      await expect(current, path).toHaveCount(1);
      await expect(current, path).toHaveText(new RegExp(`${label}$`));
      await expect(current, path).toBeVisible(); // its group is open
    }
  });

  test("a skip link leads past the sidebar to the screen (keyboard, JS on and off)", async ({
    page,
  }) => {
    await openAsOwner(page, "/dashboard/admin/skills");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    // The next Tab goes into the screen, not back to the sidebar.
    await page.keyboard.press("Tab");
    const inMain = await page.evaluate(
      () => document.querySelector("main")?.contains(document.activeElement) ?? false,
    );
    expect(inMain).toBe(true);
  });

  test("the header's theme control shows which theme is in use and switches it", async ({
    page,
  }) => {
    await openAsOwner(page, "/dashboard/admin/skills");
    const control = page.getByRole("banner").getByRole("group", { name: "Theme" });
    const pressed = control.locator('button[aria-pressed="true"]');
    await expect(pressed).toHaveAccessibleName("System theme");
    await control.getByRole("button", { name: "Dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(pressed).toHaveAccessibleName("Dark theme");
    await expect(page).toHaveURL("/dashboard/admin/skills");
    await control.getByRole("button", { name: "System theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await expect(pressed).toHaveAccessibleName("System theme");
  });

  test.describe("at a phone width", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the sidebar is an overlay opened by Menu and closed by the backdrop, × or a link", async ({
      page,
      javaScriptEnabled,
    }) => {
      await openAsOwner(page);
      const sidebar = page.locator("#admin-sidebar");
      const open = page.getByTestId("sidebar-open");
      const overlay = page.getByTestId("sidebar-overlay");
      await expect(sidebar).toBeHidden();
      await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Logout" })).toBeVisible();

      await open.click();
      await expect(sidebar).toBeVisible();
      await expect(sidebar).toBeInViewport({ ratio: 1 });
      await expect(overlay).toBeVisible();
      await overlay.click({ position: { x: 350, y: 420 } });
      await expect(sidebar).toBeHidden();
      await expect(overlay).toBeHidden();

      await open.click();
      await sidebar.getByLabel("Close menu").click();
      await expect(sidebar).toBeHidden();

      await open.click();
      await sidebar.getByText("Services", { exact: true }).click();
      await sidebar.getByRole("link", { name: "All Services" }).click();
      await expect(page).toHaveURL("/dashboard/admin/services");
      await expect(page.getByRole("heading", { name: "All Services" })).toBeVisible();
      await expect(sidebar).toBeHidden();

      // Lists stack into cards: every value is labelled with its column.
      const firstRow = page.getByRole("row").first();
      await expect(firstRow).toBeVisible();
      const box = await firstRow.boundingBox();
      expect(box?.width ?? 999).toBeLessThanOrEqual(390);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(390);

      if (javaScriptEnabled) {
        await open.click();
        await expect(sidebar).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(sidebar).toBeHidden();
      }
    });

    test("the menu toggle works from the keyboard", async ({ page }) => {
      await openAsOwner(page);
      const sidebar = page.locator("#admin-sidebar");
      const toggle = page.getByRole("checkbox", { name: "Menu" });
      await toggle.focus();
      await page.keyboard.press("Space");
      await expect(sidebar).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(sidebar.getByRole("link").first()).toBeFocused();
    });
  });

  test("admin screens have no axe violations (desktop and phone, sidebar open)", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "axe runs inside the page, so it needs JavaScript");
    test.setTimeout(240_000);
    await openAsOwner(page);
    const pages = [
      "/dashboard",
      "/dashboard/admin/skills",
      "/dashboard/admin/skills/add",
      "/dashboard/admin/services",
      "/dashboard/admin/services/add",
      "/dashboard/admin/education",
      "/dashboard/admin/education/add",
      "/dashboard/admin/experience",
    ];
    const check = async (label: string) => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      const found = violations.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes[0]?.target}`);
      expect(found).toEqual([]);
    };
    for (const path of pages) {
      await page.goto(path);
      await check(path);
    }
    await page.goto("/dashboard/admin/education");
    await page.getByRole("main").getByRole("link", { name: /^Edit/ }).first().click();
    await expect(page.getByRole("heading", { name: "Edit Education" })).toBeVisible();
    await check("edit form");
    await page.goto("/dashboard/admin/services");
    await page
      .getByRole("link", { name: /^Delete/ })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: "Are you sure?" })).toBeVisible();
    await check("delete dialog");
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard/admin/education");
    await check("education list at 390 px");
    await page.getByTestId("sidebar-open").click();
    await check("sidebar open at 390 px");
  });
});
