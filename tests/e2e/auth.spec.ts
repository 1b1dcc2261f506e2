import { expect, login, OWNER, test } from "./fixtures";

test.describe("owner sign-in", () => {
  test("an anonymous visit to a dashboard URL lands on /login with a way back", async ({
    page,
  }) => {
    await page.goto("/dashboard/admin/skills");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fadmin%2Fskills$/);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  });

  test("a wrong password shows the Oops... error and keeps the email", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Oops...")).toBeVisible();
    await expect(page.getByText("Invalid email or password.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(OWNER.email);
    await expect(page).toHaveURL(/\/login/);
  });

  test("log in, see the dashboard, log out after confirming", async ({
    page,
    javaScriptEnabled,
  }) => {
    await login(page);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText("Admin Panel")).toBeVisible();
    await expect(page.getByText("Login Successful")).toBeVisible();
    await expect(page.getByTestId("count-Total Projects")).toHaveText(/\d+/);

    await page.getByRole("link", { name: "Logout" }).click();
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: "Are you sure?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Yes, log out" }).click();
    } else {
      await expect(page).toHaveURL("/logout");
      await expect(page.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
      await page.getByRole("button", { name: "Yes, log out" }).click();
    }
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Logged out successfully")).toBeVisible();
    if (javaScriptEnabled)
      await expect(page.getByText("Logged out successfully")).toBeHidden({ timeout: 4000 });

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login/);
  });

  test("the show/hide toggle reveals the password (JavaScript only)", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(
      !javaScriptEnabled,
      "the toggle needs JavaScript; without it the field stays a password field",
    );
    await page.goto("/login");
    const field = page.getByLabel("Password", { exact: true });
    await field.fill("secret-value");
    await expect(field).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(field).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(field).toHaveAttribute("type", "password");
  });
});
