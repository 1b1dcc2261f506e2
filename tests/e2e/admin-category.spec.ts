import {
  confirmDelete,
  deleteRow,
  expectMessage,
  expectOnHome,
  rowOf,
  openAsOwner,
} from "./admin-crud";
import { expect, ownerTest as test, unique } from "./fixtures";

const LIST = "/dashboard/admin/category";

test.describe("admin category", () => {
  // Whole add/edit/delete cycles through real pages: allow for a busy machine.
  test.setTimeout(120_000);

  test("add a category, see it in 'All Category' and as a Core Skills chip, delete it", async ({
    page,
    javaScriptEnabled,
  }) => {
    const name = unique("Category");
    await openAsOwner(page, LIST);
    await expect(page.getByRole("heading", { name: "All Category" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Add Category" }).click();
    await expect(page).toHaveURL(`${LIST}/add`);
    await page.getByLabel("Category Name").fill(name);
    await page.getByRole("button", { name: "Add Category" }).click();

    await expect(page).toHaveURL(LIST);
    await expectMessage(page, "Category Added Successfully!");
    await expect(rowOf(page, name)).toBeVisible();

    await expectOnHome(page, name);
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();

    await page.goto(LIST);
    await deleteRow(page, { name, listUrl: LIST, javaScriptEnabled, title: "Delete Category?" });
    await expectOnHome(page, name, false);
  });

  test("a duplicate name is refused with 'Failed to add Category.' and the typed name kept", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openAsOwner(page, `${LIST}/add`);
    await page.getByLabel("Category Name").fill("react");
    await page.getByRole("button", { name: "Add Category" }).click();
    if (javaScriptEnabled) {
      await expectMessage(page, "Error!", "Failed to add Category.");
    } else {
      await expect(page.getByTestId("form-result")).toContainText("Error!");
      await expect(page.getByTestId("form-result")).toContainText("Failed to add Category.");
    }
    // Beside the field (its description), and in the error summary.
    await expect(page.getByLabel("Category Name")).toHaveAccessibleDescription(
      /A category named "React" already exists\./,
    );
    await expect(page.getByTestId("error-summary")).toContainText(
      'A category named "React" already exists.',
    );
    await expect(page.getByLabel("Category Name")).toHaveValue("react");
  });

  test("a category that projects use is not deleted, and the owner is told why", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openAsOwner(page, LIST);
    const react = page
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "React", exact: true }) });
    await expect(react).toBeVisible();
    await confirmDelete(page, {
      name: "React",
      listUrl: LIST,
      javaScriptEnabled,
      title: "Delete Category?",
    });
    const dialog = page.getByTestId("message-dialog");
    await expect(dialog).toContainText("Error!");
    await expect(dialog).toContainText(
      /Failed to delete Category\. \d+ projects? still uses? it as skill/,
    );
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(react).toBeVisible();
  });
});
