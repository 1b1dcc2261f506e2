// Markdown in long texts (docs/markdown.md): Edit Project's Preview button renders the typed
// Markdown under its field and saves nothing, with JavaScript (a Remix submission, no reload, no
// dialog, the form still unsaved) and without it (a plain POST answered with the page).
import type { Page } from "@playwright/test";
import { expect as baseExpect, ownerTest as test } from "./fixtures";

const expect = baseExpect.configure({ timeout: 20_000 });

/** The edit screen of a seeded project (the first of the admin list). */
async function editUrl(page: Page): Promise<string> {
  await page.goto("/dashboard/admin/projects");
  const href = await page
    .locator('a[href^="/dashboard/admin/portfolio-edit/"]')
    .first()
    .getAttribute("href");
  if (!href) throw new Error("no project to edit");
  return href;
}

test("Edit Project: Preview renders the Markdown, keeps the text and saves nothing", async ({
  page,
  javaScriptEnabled,
}) => {
  const url = await editUrl(page);
  await page.goto(url);
  const field = page.getByRole("textbox", { name: "Long Description" });
  const saved = await field.inputValue();
  const typed = "Typed **strong words** and a [link](https://example.com)\n- one\n- two";
  await field.fill(typed);
  await expect(page.getByText("Markdown: **bold**, *italic*, lists").first()).toBeVisible();

  // A mark on this document: gone if the answer came as a new document.
  if (javaScriptEnabled) await page.evaluate(() => document.body.setAttribute("data-same", ""));
  await page.getByRole("button", { name: "Preview", exact: true }).click();

  const preview = page.getByRole("region", { name: "Preview of Long Description" });
  await expect(preview.locator("strong")).toHaveText("strong words");
  await expect(preview.getByRole("link", { name: "link" })).toHaveAttribute(
    "rel",
    "nofollow noopener noreferrer",
  );
  await expect(preview.getByRole("listitem")).toHaveText(["one", "two"]);
  // An empty Markdown field says so.
  const ux = page.getByRole("textbox", { name: "User Experience" });
  if ((await ux.inputValue()) === "") {
    await expect(page.getByRole("region", { name: "Preview of User Experience" })).toContainText(
      "Nothing to preview.",
    );
  }
  await expect(field).toHaveValue(typed);
  await expect(page).toHaveURL(url);
  // No dialog: a preview is neither a save nor a refusal.
  await expect(page.locator('[data-testid="message-dialog"][open]')).toHaveCount(0);
  await expect(page.getByTestId("error-summary")).toHaveCount(0);
  // With JavaScript the answer came through the router: the document stayed.
  if (javaScriptEnabled) await expect(page.locator("body[data-same]")).toHaveCount(1);

  if (javaScriptEnabled) {
    // Still unsaved: leaving asks first. (Once the preview's own requests are over: under CI load
    // a late answer re-rendered the page while the question opened, and Stay was detached under
    // the click until the test timed out; as in unsaved-changes.spec.ts.)
    await page.waitForLoadState("networkidle");
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Dashboard", exact: true })
      .click();
    const leave = page.getByRole("dialog", { name: "Leave this page?" });
    const stay = leave.getByRole("button", { name: "Stay" });
    await expect(stay).toBeFocused();
    await stay.click();
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(url);
  }

  // Nothing saved: the record, read again in another tab, still has its text.
  const other = await page.context().newPage();
  await other.goto(url);
  await expect(other.getByRole("textbox", { name: "Long Description" })).toHaveValue(saved);
  await other.close();
});

test("Add Education: Preview with the required fields empty checks nothing and adds nothing", async ({
  page,
}) => {
  await page.goto("/dashboard/admin/education/add");
  const description = page.getByRole("textbox", { name: "Description" });
  await description.fill("Thesis on *parsers*\nwith honours");
  await page.getByRole("button", { name: "Preview", exact: true }).click();

  const preview = page.getByRole("region", { name: "Preview of Description" });
  await expect(preview.locator("em")).toHaveText("parsers");
  await expect(preview.locator("br")).toHaveCount(1);
  await expect(description).toHaveValue("Thesis on *parsers*\nwith honours");
  // The required Degree was not checked, and nothing was added.
  await expect(page.getByText("Degree is required")).toHaveCount(0);
  await expect(page.locator('[data-testid="message-dialog"][open]')).toHaveCount(0);
  await expect(page).toHaveURL("/dashboard/admin/education/add");
  // (another tab: this one still has unsaved changes, and leaving it would ask)
  const list = await page.context().newPage();
  await list.goto("/dashboard/admin/education?q=parsers");
  await expect(list.getByText("Nothing matches this search.")).toBeVisible();
  await list.close();
});
