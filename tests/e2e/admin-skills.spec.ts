import {
  confirmDelete,
  deleteRow,
  expectMessage,
  expectOnHome,
  rowOf,
  openAsOwner,
} from "./admin-crud";
import { expect, ownerTest as test, unique } from "./fixtures";

const LIST = "/dashboard/admin/skills";

test.describe("admin skills", () => {
  // Whole add/edit/delete cycles through real pages: allow for a busy machine.
  test.setTimeout(120_000);

  test("add a skill, see it in the list and on the home page, delete it after confirming", async ({
    page,
    javaScriptEnabled,
  }) => {
    const name = unique("Skill");
    await openAsOwner(page, `${LIST}/add`);
    await expect(page.getByRole("heading", { name: "Add Skill" })).toBeVisible();
    await page.getByLabel("Skill Name").fill(name);
    await page.getByRole("button", { name: "Add Skill" }).click();

    await expect(page).toHaveURL(LIST);
    await expectMessage(page, "Skill Added Successfully!");
    await expect(page.getByRole("heading", { name: "All Skills" })).toBeVisible();
    await expect(rowOf(page, name)).toBeVisible();
    await expect(rowOf(page, name).getByRole("cell").first()).toHaveText(/^\d+$/);

    await expectOnHome(page, name);

    await page.goto(LIST);
    await deleteRow(page, { name, listUrl: LIST, javaScriptEnabled });
    await expectOnHome(page, name, false);
  });

  test("two adds and two deletes in a row each show their dialog; Cancel keeps the skill", async ({
    page,
    javaScriptEnabled,
  }) => {
    const first = unique("First skill");
    const second = unique("Second skill");
    await openAsOwner(page, `${LIST}/add`);
    for (const name of [first, second]) {
      if (name === second)
        await page.getByRole("main").getByRole("link", { name: "Add Skill" }).click();
      await page.getByLabel("Skill Name").fill(name);
      await page.getByRole("button", { name: "Add Skill" }).click();
      await expect(page).toHaveURL(LIST);
      await expectMessage(page, "Skill Added Successfully!", `“${name}” has been added.`);
    }

    await rowOf(page, first)
      .getByRole("link", { name: `Delete ${first}`, exact: true })
      .click();
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: "Are you sure?" });
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await rowOf(page, first)
        .getByRole("link", { name: `Delete ${first}`, exact: true })
        .click();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    } else {
      await page.getByRole("link", { name: "Cancel" }).click();
    }
    await expect(page).toHaveURL(LIST);
    await expect(rowOf(page, first)).toBeVisible();

    for (const name of [first, second]) {
      await confirmDelete(page, { name, listUrl: LIST, javaScriptEnabled });
      await expectMessage(page, "Deleted!", `“${name}” has been deleted.`);
      await expect(rowOf(page, name)).toHaveCount(0);
    }
  });
});
