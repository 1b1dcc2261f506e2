import { deleteRow, expectMessage, expectOnHome, rowOf, openAsOwner } from "./admin-crud";
import { expect, ownerTest as test, unique } from "./fixtures";

const LIST = "/dashboard/admin/services";

test.describe("admin services (feathers)", () => {
  // Whole add/edit/delete cycles through real pages: allow for a busy machine.
  test.setTimeout(120_000);

  test("add a feather with an icon, see it listed and on the home page, edit it, delete it", async ({
    page,
    javaScriptEnabled,
  }) => {
    const title = unique("Feather");
    const subtitle = `Sub-title of ${title}`;
    await openAsOwner(page, LIST);
    await expect(page.getByRole("heading", { name: "All Services" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Add New" }).click();
    await expect(page.getByRole("heading", { name: "Add Feather" })).toBeVisible();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await page.getByLabel("Sub-Title").fill(subtitle);
    await page.getByRole("radio", { name: "Security" }).check();
    await page.getByRole("button", { name: "Add Feather" }).click();

    await expect(page).toHaveURL(LIST);
    await expectMessage(page, "Service Added Successfully!");
    await expect(rowOf(page, title)).toContainText(subtitle);

    await expectOnHome(page, title);
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(subtitle, { exact: true }).first()).toBeVisible();

    // Edit: prefilled, Update saves and returns to the list.
    await page.goto(LIST);
    await rowOf(page, title)
      .getByRole("link", { name: `Edit ${title}`, exact: true })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/service-edit\/\d+$/);
    await expect(page.getByRole("heading", { name: "Edit Feather" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Sub-Title")).toHaveValue(subtitle);
    await expect(page.getByRole("radio", { name: "Security" })).toBeChecked();
    const editUrl = page.url();

    // Nothing changed: the info dialog, and the owner stays on the form.
    await page.getByRole("button", { name: "Update" }).click();
    if (javaScriptEnabled) {
      await expectMessage(page, "No Changes Made");
    } else {
      await expect(page.getByTestId("form-result")).toContainText("No Changes Made");
    }
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);

    const renamed = `${title} v2`;
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(renamed);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(LIST);
    await expectMessage(page, "Service Updated Successfully!");
    await expect(rowOf(page, renamed)).toBeVisible();
    await expectOnHome(page, renamed);

    // Cancel leads back to the services list.
    await page.goto(editUrl);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(LIST);

    await deleteRow(page, { name: renamed, listUrl: LIST, javaScriptEnabled });
    await expectOnHome(page, renamed, false);
  });

  test("an unknown service id shows a 404 inside the dashboard", async ({ page }) => {
    await openAsOwner(page, "/dashboard/admin/service-edit/999999");
    await expect(page.getByText("404")).toBeVisible();
    await expect(
      page.getByText("This service record does not exist.", { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  });
});
