import { deleteRow, expectMessage, expectOnHome, rowOf, openAsOwner } from "./admin-crud";
import { expect, ownerTest as test, unique } from "./fixtures";

const LIST = "/dashboard/admin/education";

test.describe("admin education", () => {
  // Whole add/edit/delete cycles through real pages: allow for a busy machine.
  test.setTimeout(120_000);

  test("add, see it listed (10-word preview) and in the resume, edit, delete", async ({
    page,
    javaScriptEnabled,
  }) => {
    const degree = unique("Degree");
    const words = "one two three four five six seven eight nine ten eleven twelve";
    await openAsOwner(page, `${LIST}/add`);
    await expect(page.getByRole("heading", { name: "Add Education" })).toBeVisible();
    await page.getByLabel("Degree").fill(degree);
    await page.getByLabel("Institution").fill("E2E University");
    await page.getByLabel("Passing Year").fill("2031");
    await page.getByLabel("Description").fill(words);
    await page.getByRole("button", { name: "Add Education" }).click();

    await expect(page).toHaveURL(LIST);
    await expectMessage(page, "Education Added Successfully!");
    const row = rowOf(page, degree);
    await expect(row).toContainText("E2E University");
    await expect(row).toContainText("2031");
    await expect(row).toContainText("one two three four five six seven eight nine ten...");
    await expect(row).not.toContainText("eleven");

    await expectOnHome(page, degree);
    await expect(page.getByText(degree, { exact: true }).first()).toBeVisible();

    await page.goto(LIST);
    await row.getByRole("link", { name: `Edit ${degree}`, exact: true }).click();
    await expect(page.getByRole("heading", { name: "Edit Education" })).toBeVisible();
    await expect(page.getByLabel("Degree")).toHaveValue(degree);
    await expect(page.getByLabel("Passing Year")).toHaveValue("2031");
    await expect(page.getByLabel("Description")).toHaveValue(words);
    const renamed = `${degree} (Hons)`;
    await page.getByLabel("Degree").fill(renamed);
    await page.getByRole("button", { name: "Update Education" }).click();
    await expect(page).toHaveURL(LIST);
    await expectMessage(page, "Education Updated Successfully!");
    await expect(rowOf(page, renamed)).toBeVisible();
    await expectOnHome(page, renamed);

    await page.goto(LIST);
    await deleteRow(page, { name: renamed, listUrl: LIST, javaScriptEnabled });
    await expectOnHome(page, renamed, false);
  });

  test("Edit Education requires the description too (server message kept beside the field)", async ({
    page,
  }) => {
    const degree = unique("Edu");
    await openAsOwner(page, `${LIST}/add`);
    await page.getByLabel("Degree").fill(degree);
    await page.getByLabel("Institution").fill("No Description College");
    await page.getByLabel("Passing Year").fill("2030");
    await page.getByRole("button", { name: "Add Education" }).click();
    await expectMessage(page, "Education Added Successfully!");
    await rowOf(page, degree)
      .getByRole("link", { name: `Edit ${degree}`, exact: true })
      .click();
    await expect(page.getByLabel("Description")).toHaveAttribute("required", "");
    await page.getByLabel("Description").evaluate((el) => el.removeAttribute("required"));
    await page.getByRole("button", { name: "Update Education" }).click();
    await expect(page.getByLabel("Description")).toHaveAccessibleDescription(
      "Description is required",
    );
    await expect(page.getByLabel("Degree")).toHaveValue(degree);
  });
});
