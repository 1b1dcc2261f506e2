import { deleteRow, expectMessage, expectOnHome, rowOf, openAsOwner } from "./admin-crud";
import { expect, ownerTest as test, unique } from "./fixtures";

const LIST = "/dashboard/admin/experience";

test.describe("admin experience", () => {
  // Whole add/edit/delete cycles through real pages: allow for a busy machine.
  test.setTimeout(120_000);

  test("add, see it listed and in the resume, delete (no edit)", async ({
    page,
    javaScriptEnabled,
  }) => {
    const title = unique("Engineer");
    await openAsOwner(page, `${LIST}/add`);
    await expect(page.getByRole("heading", { name: "Add Experience" })).toBeVisible();
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Institution Name").fill("E2E Corp");
    const duration = page.getByLabel("Experience Duration");
    await expect(duration).toHaveAttribute("placeholder", "e.g. 6 months+");
    await duration.fill("6 months+");
    await page.getByRole("button", { name: "Add Experience" }).click();

    await expect(page).toHaveURL(LIST);
    await expectMessage(page, "Experience Added Successfully!");
    const row = rowOf(page, title);
    await expect(row).toContainText("E2E Corp");
    await expect(row).toContainText("6 months+");
    await expect(row.getByRole("link", { name: /^Edit/ })).toHaveCount(0);

    await expectOnHome(page, title);
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible();

    await page.goto(LIST);
    await deleteRow(page, { name: title, listUrl: LIST, javaScriptEnabled });
    await expectOnHome(page, title, false);
  });
});
