// Steps the admin CRUD specs share: the result dialog, deleting a row through the confirmation
// (a modal dialog with JavaScript, a confirmation page without), and checking the public home.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The spec's result dialog ('Deleted!', 'Skill Added Successfully!', ...): check it, press OK. */
export async function expectMessage(page: Page, title: string, text?: string) {
  const dialog = page.getByTestId("message-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
  if (text) await expect(dialog).toContainText(text);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
}

export const rowOf = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

/** Confirms a row's Delete (dialog or page) and returns once the list is shown again. */
export async function confirmDelete(
  page: Page,
  {
    name,
    listUrl,
    javaScriptEnabled,
    title = "Are you sure?",
  }: { name: string; listUrl: string; javaScriptEnabled: boolean; title?: string },
) {
  await rowOf(page, name)
    .getByRole("link", { name: `Delete ${name}`, exact: true })
    .click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("This action cannot be undone!");
    await dialog.getByRole("button", { name: "Yes, delete it!" }).click();
  } else {
    await expect(page).toHaveURL(new RegExp(`${listUrl}/\\d+/delete$`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("This action cannot be undone!")).toBeVisible();
    await expect(page.getByRole("main").getByText(name)).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete it!" }).click();
  }
  await expect(page).toHaveURL(listUrl);
}

/** Deletes a row, checks 'Deleted!' and that the row is gone. */
export async function deleteRow(
  page: Page,
  options: { name: string; listUrl: string; javaScriptEnabled: boolean; title?: string },
) {
  await confirmDelete(page, options);
  await expectMessage(page, "Deleted!");
  await expect(rowOf(page, options.name)).toHaveCount(0);
}

/**
 * Whether the public home shows `text` right after the change (no cached loader data). Reads the
 * page's text, so names shown through the typing animation (its screen-reader line) count too.
 */
export async function expectOnHome(page: Page, text: string, present = true) {
  await page.goto("/");
  const body = page.locator("body");
  if (present) await expect(body).toContainText(text);
  else await expect(body).not.toContainText(text);
}

/**
 * Opens a dashboard page as the owner and checks it is not sent to /login: the spec's pages start
 * with the owner's session (`ownerTest` from fixtures, signed in once per worker).
 */
export async function openAsOwner(page: Page, to = "/dashboard") {
  await page.goto(to);
  await expect(page).toHaveURL(to);
}
