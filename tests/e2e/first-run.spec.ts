import { expect, test } from "@playwright/test";

test("first run: /login offers to create the owner, then only logs in", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Create the owner account" })).toBeVisible();
  await page.getByLabel("Email").fill("first@example.com");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("first@example.com");

  await page.getByLabel("Password", { exact: true }).fill("first-owner-password");
  await page.getByLabel("Confirm Password").fill("first-owner-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  // Signed out, the setup form is gone for good.
  await page.context().clearCookies();
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(page.getByLabel("Confirm Password")).toHaveCount(0);
});
