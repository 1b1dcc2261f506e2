// Feedback that cannot be missed (issue #17), JavaScript on and off: a refused form puts focus on
// its error summary (or the first bad field); a result dialog without JavaScript is a CSS-only
// modal that moves neither focus nor the page; after the login's 'Oops...' focus is back in the
// form; confirmations focus the safe choice.
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { rowOf } from "./admin-crud";
import { expect, ownerTest, test, unique } from "./fixtures";

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** A result the page shows where it opens: in the viewport, the page not scrolled. */
async function expectInPlace(page: Page, locator: Locator) {
  await expect(locator).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

const focusOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body);
const resultDialog = (page: Page) => page.locator('[data-testid="message-dialog"][open]');

async function axeClean(page: Page, label: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      document.documentElement.classList.remove("light", "dark");
      document.documentElement.classList.add(t);
    }, theme);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${label} ${theme}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
  }
}

ownerTest.describe("a refused form puts focus on its error summary", () => {
  ownerTest.use({ viewport: DESKTOP });

  ownerTest(
    "Add Project with an ftp: Live View: the summary is focused, in view, and links to the field",
    async ({ page, javaScriptEnabled }) => {
      await page.goto("/dashboard/admin/projects/add");
      await page.getByRole("textbox", { name: "Title", exact: true }).fill(unique("E2E Ftp"));
      await page.getByRole("combobox", { name: "Skill", exact: true }).selectOption("React");
      await page.getByRole("combobox", { name: "Level", exact: true }).selectOption("Advanced");
      await page.getByLabel("Client Name").fill("Ftp Ltd");
      await page.getByLabel("Live View URL").fill("ftp://example.com/file");
      await page.getByRole("button", { name: "Add Project" }).click();

      const summary = page.getByTestId("error-summary");
      await expect(summary).toBeFocused();
      await expect(summary).toBeInViewport();
      await expect(summary).toContainText("Please correct the highlighted fields.");
      const link = summary.getByRole("link");
      await expect(link).toHaveCount(1);
      const liveView = page.getByLabel("Live View URL");
      await expect(liveView).toHaveValue("ftp://example.com/file");
      await expect(link).toHaveAttribute("href", `#${await liveView.getAttribute("id")}`);
      await link.click();
      await expect(liveView).toBeInViewport();
      // (axe runs inside the page: JavaScript only.)
      if (javaScriptEnabled) await axeClean(page, "project refusal");
    },
  );

  ownerTest(
    "Add Project without a link: 'Validation Error', then focus on the summary, not <body>",
    async ({ page, javaScriptEnabled }) => {
      await page.goto("/dashboard/admin/projects/add");
      await page.getByRole("textbox", { name: "Title", exact: true }).fill(unique("E2E NoLink"));
      await page.getByRole("combobox", { name: "Skill", exact: true }).selectOption("React");
      await page.getByRole("combobox", { name: "Level", exact: true }).selectOption("Beginner");
      await page.getByLabel("Client Name").fill("Nobody Inc");
      await page.getByRole("button", { name: "Add Project" }).click();
      const summary = page.getByTestId("error-summary");
      if (javaScriptEnabled) {
        // The spec's modal first (OK focused); closing it puts focus on the summary.
        const dialog = resultDialog(page);
        await expect(dialog).toContainText("Validation Error");
        await expect(dialog.getByRole("button", { name: "OK" })).toBeFocused();
        await dialog.getByRole("button", { name: "OK" }).click();
      } else {
        // Without JavaScript the refusal is inline (no box over the form).
        await expect(page.getByTestId("form-result")).toContainText("Validation Error");
        await expect(resultDialog(page)).toHaveCount(0);
      }
      await expect(summary).toBeFocused();
      await expect(summary).toBeInViewport();
      await expect(summary).toContainText(
        "Please provide at least Live View URL or Source Code URL",
      );
    },
  );

  ownerTest(
    "Add Category with a name taken: 'Error!', then the summary has focus",
    async ({ page, javaScriptEnabled }) => {
      await page.goto("/dashboard/admin/category/add");
      await page.getByLabel("Category Name").fill("react");
      await page.getByRole("button", { name: "Add Category" }).click();
      if (javaScriptEnabled) {
        const ok = resultDialog(page).getByRole("button", { name: "OK" });
        await expect(ok).toBeFocused();
        await page.keyboard.press("Enter");
      }
      const summary = page.getByTestId("error-summary");
      await expect(summary).toBeFocused();
      await expect(summary).toBeInViewport();
      await expect(summary).toContainText('A category named "React" already exists.');
    },
  );

  ownerTest(
    "Add Education: the summary (no JS) or the first bad field (JS)",
    async ({ page, javaScriptEnabled }) => {
      await page.goto("/dashboard/admin/education/add");
      await page.getByLabel("Degree").fill("   ");
      await page.getByLabel("Institution").fill("Typed University");
      await page.getByLabel("Passing Year").fill("2024");
      await page.getByRole("button", { name: "Add Education" }).click();
      if (javaScriptEnabled) {
        // The schema refuses in the browser: nothing is sent, the bad field has focus.
        await expect(page.getByLabel("Degree")).toBeFocused();
      } else {
        const summary = page.getByTestId("error-summary");
        await expect(summary).toBeFocused();
        await expect(summary).toBeInViewport();
        await expect(summary.getByRole("link", { name: "Degree is required" })).toHaveAttribute(
          "href",
          `#${await page.getByLabel("Degree").getAttribute("id")}`,
        );
        await expect(page.getByLabel("Institution")).toHaveValue("Typed University");
      }
    },
  );
});

ownerTest.describe("a result dialog shows where the page is", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    ownerTest(
      `'Skill Added Successfully!' and 'Deleted!' at ${viewport.width}px`,
      async ({ page, javaScriptEnabled }) => {
        await page.setViewportSize(viewport);
        const name = unique("Feedback");
        await page.goto("/dashboard/admin/skills/add");
        await page.getByLabel("Skill Name").fill(name);
        await page.getByRole("button", { name: "Add Skill" }).click();
        await expect(page).toHaveURL("/dashboard/admin/skills");
        const dialog = resultDialog(page);
        await expect(
          dialog.getByRole("heading", { name: "Skill Added Successfully!" }),
        ).toBeVisible();
        const ok = dialog.getByRole("button", { name: "OK" });
        if (javaScriptEnabled) {
          await expect(ok).toBeFocused();
          await page.keyboard.press("Escape");
        } else {
          // Without JavaScript: a box above the page, which neither scrolled nor moved focus.
          await expectInPlace(page, dialog);
          await expectInPlace(page, ok);
          expect(await focusOnBody(page)).toBe(true);
          await ok.click();
        }
        await expect(dialog).toHaveCount(0);
        await expect(rowOf(page, name)).toBeVisible();

        // Delete it: the confirmation has the safe choice focused, then 'Deleted!' likewise.
        await rowOf(page, name)
          .getByRole("link", { name: `Delete ${name}` })
          .click();
        if (javaScriptEnabled) {
          const confirm = page.getByRole("dialog", { name: "Are you sure?" });
          await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
          await confirm.getByRole("button", { name: "Yes, delete it!" }).click();
        } else {
          const cancel = page.getByRole("link", { name: "Cancel" });
          await expect(cancel).toBeFocused();
          await expectInPlace(page, cancel);
          await page.getByRole("button", { name: "Yes, delete it!" }).click();
        }
        await expect(page).toHaveURL("/dashboard/admin/skills");
        await expect(dialog.getByRole("heading", { name: "Deleted!" })).toBeVisible();
        if (javaScriptEnabled) {
          await expect(ok).toBeFocused();
        } else {
          await expectInPlace(page, dialog);
          expect(await focusOnBody(page)).toBe(true);
        }
        await ok.click();
        await expect(dialog).toHaveCount(0);
        await expect(rowOf(page, name)).toHaveCount(0);
      },
    );
  }

  ownerTest("'Success!' on Profile", async ({ page, javaScriptEnabled, profileLock }) => {
    void profileLock; // changes the one profile: no other worker's test at the same time
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard/admin/profile");
    const address = page.getByLabel("Address");
    const before = await address.inputValue();
    // Changed and put back (the only spec that changes the address).
    for (const value of [`${before} (feedback)`, before]) {
      await address.fill(value);
      await page.getByRole("button", { name: "Update Profile" }).click();
      const dialog = resultDialog(page);
      await expect(dialog).toContainText("Success!");
      const ok = dialog.getByRole("button", { name: "OK" });
      if (javaScriptEnabled) {
        await expect(ok).toBeFocused();
      } else {
        await expectInPlace(page, dialog);
        expect(await focusOnBody(page)).toBe(true);
      }
      await ok.click();
      await expect(dialog).toHaveCount(0);
    }
    if (javaScriptEnabled) {
      // Saved: leaving asks nothing (unsaved-changes.spec.ts has the rest of the warning).
      await page.getByTestId("sidebar-open").click();
      await page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: "Dashboard" })
        .click();
      await expect(page).toHaveURL("/dashboard");
      await expect(page.getByRole("dialog", { name: "Leave this page?" })).toHaveCount(0);
    }
  });
});

ownerTest(
  "the no-JS result dialog passes axe in both themes",
  async ({ page, javaScriptEnabled }) => {
    ownerTest.skip(!javaScriptEnabled, "axe runs inside the page");
    // The page as it is before (or without) its scripts: the server-rendered, non-modal dialog.
    await page.route("**/*.js", (route) => route.abort());
    await page.setViewportSize(DESKTOP);
    await page.goto("/dashboard/admin/skills/add");
    await page.getByLabel("Skill Name").fill(unique("Axe"));
    await page.getByRole("button", { name: "Add Skill" }).click();
    await expect(resultDialog(page)).toContainText("Skill Added Successfully!");
    expect(await resultDialog(page).evaluate((d) => d.matches(":modal"))).toBe(false);
    await axeClean(page, "no-JS dialog");
  },
);

test.describe("login", () => {
  test("after 'Oops...' focus is back in the form; Password is marked required", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/login");
    // Both labels carry the same required mark (drawn by CSS, hidden from screen readers).
    for (const label of ["Email", "Password"]) {
      const mark = page
        .locator("label", { hasText: label })
        .first()
        .locator("[data-required-mark]");
      expect(await mark.evaluate((m) => getComputedStyle(m, "::after").content)).toBe('" *"');
    }
    // A wrong password for an address that is not the owner's: no attempt against the owner.
    await page.getByLabel("Email").fill("nobody@example.com");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    if (javaScriptEnabled) {
      const dialog = resultDialog(page);
      await expect(dialog).toContainText("Oops...");
      await expect(dialog.getByRole("button", { name: "OK" })).toBeFocused();
      await dialog.getByRole("button", { name: "OK" }).click();
      await expect(password).toBeFocused();
    } else {
      const message = page.getByTestId("form-result");
      await expect(message).toContainText("Oops...");
      await expect(message).toBeFocused();
      await expectInPlace(page, message);
    }
  });
});

ownerTest(
  "Logout asks with 'Cancel' focused; Enter keeps the session",
  async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Logout" }).click();
    if (javaScriptEnabled) {
      const confirm = page.getByRole("dialog");
      const cancel = confirm.getByRole("button", { name: "Cancel" });
      await expect(cancel).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(confirm).toBeHidden();
      await expect(page).toHaveURL("/dashboard");
    } else {
      await expect(page).toHaveURL("/logout");
      const cancel = page.getByRole("link", { name: "Cancel" });
      await expect(cancel).toBeFocused();
      await expectInPlace(page, cancel);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL("/dashboard");
    }
  },
);

ownerTest("Enter on a delete confirmation cancels (JS)", async ({ page, javaScriptEnabled }) => {
  ownerTest.skip(!javaScriptEnabled, "the no-JS confirmation page is covered above");
  const name = unique("Keep");
  await page.goto("/dashboard/admin/skills/add");
  await page.getByLabel("Skill Name").fill(name);
  await page.getByRole("button", { name: "Add Skill" }).click();
  await resultDialog(page).getByRole("button", { name: "OK" }).click();
  await rowOf(page, name)
    .getByRole("link", { name: `Delete ${name}` })
    .click();
  const confirm = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await page.reload();
  await expect(rowOf(page, name)).toBeVisible();
});
