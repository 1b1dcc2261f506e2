import { expect, test as base, type Page } from "@playwright/test";

export const OWNER = { email: "owner@example.com", password: "e2e-owner-password" };

/** Signs in through the login form (works with JavaScript on and off). */
export async function login(page: Page, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(redirectTo ?? "/dashboard");
}

/** A unique suffix so parallel tests never collide on names. */
export const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const test = base;
export { expect };
