// The sign-in throttle's device cookie and the owner's security page, in real browsers with
// JavaScript on and off. A server of this spec's own: it changes the owner's password and locks
// the account, which the shared servers' other tests must never see.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, OWNER, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

const SECURITY = "/dashboard/admin/security";
const NEW_PASSWORD = "e2e-changed-password";
const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const FIREFOX_UA = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";

test.describe.configure({ mode: "serial" });

let server: OwnServer;

// eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures argument to reach testInfo
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  const base = Number(process.env.E2E_PORT_BASE ?? 3100);
  const port = base + 10 + (testInfo.project.name === "nojs" ? 1 : 0);
  server = await startOwnServer(port, `security-${testInfo.project.name}`, ["--login-throttle"]);
});

// Every test here signs in two or three browsers and changes the password (bcrypt at full cost):
// 20–40 s alone, past 60 s in CI beside Vitest. test.slow() gives them three times the timeout.
test.beforeEach(() => test.slow());
test.afterAll(async () => {
  await server?.stop();
});

async function newBrowser(
  browser: Browser,
  javaScriptEnabled: boolean,
  userAgent?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    javaScriptEnabled,
    userAgent,
  });
  return { context, page: await context.newPage() };
}

async function submitLogin(page: Page, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

async function signIn(page: Page, password = OWNER.password) {
  await submitLogin(page, password);
  await expect(page).toHaveURL("/dashboard");
}

/** The spec's success dialog with JavaScript, the same flash without it; closed with OK. */
async function expectFlash(page: Page, title: string) {
  const dialog = page.getByTestId("message-dialog").filter({ hasText: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "OK" }).click();
}

async function changePassword(page: Page, current: string, next: string) {
  await page.goto(SECURITY);
  await page.getByLabel(/^Current password/).fill(current);
  await page.getByLabel(/^New password/).fill(next);
  await page.getByLabel(/^Confirm new password/).fill(next);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page).toHaveURL(SECURITY);
  await expectFlash(page, "Password Changed");
}

async function expectSignedOut(page: Page) {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
}

test("the security page lists this browser and another, and signs the other one out", async ({
  browser,
  javaScriptEnabled,
}) => {
  const me = await newBrowser(browser, javaScriptEnabled);
  await signIn(me.page);
  const phone = await newBrowser(browser, javaScriptEnabled, PHONE_UA);
  await signIn(phone.page);

  await me.page.getByRole("link", { name: "Security" }).click();
  await expect(me.page).toHaveURL(SECURITY);
  const rows = me.page.getByTestId("session-row");
  await expect(rows.filter({ hasText: "This browser" })).toHaveCount(1);
  const phoneRow = rows.filter({ hasText: "Safari on iOS" });
  await expect(phoneRow).toHaveCount(1);
  await expect(me.page.getByRole("link", { name: "Two-factor sign-in settings" })).toHaveAttribute(
    "href",
    `${SECURITY}/two-factor`,
  );

  await phoneRow.getByRole("button", { name: /^Sign out Safari on iOS/ }).click();
  await expectFlash(me.page, "Signed Out");
  await expect(rows.filter({ hasText: "Safari on iOS" })).toHaveCount(0);
  await expectSignedOut(phone.page);
  // This browser is still signed in.
  await me.page.goto("/dashboard");
  await expect(me.page).toHaveURL("/dashboard");
  await Promise.all([me.context.close(), phone.context.close()]);
});

test("changing the password signs out the other browser and keeps this one; the old password stops working", async ({
  browser,
  javaScriptEnabled,
}) => {
  const me = await newBrowser(browser, javaScriptEnabled);
  await signIn(me.page);
  const other = await newBrowser(browser, javaScriptEnabled, FIREFOX_UA);
  await signIn(other.page);

  // A wrong current password: an error on that field, nothing changed.
  await me.page.goto(SECURITY);
  await me.page.getByLabel(/^Current password/).fill("not-the-password");
  await me.page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await me.page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
  await me.page.getByRole("button", { name: "Change Password" }).click();
  await expect(me.page.getByLabel(/^Current password/)).toHaveAccessibleDescription(
    "The current password is not correct.",
  );

  await changePassword(me.page, OWNER.password, NEW_PASSWORD);
  await expectSignedOut(other.page);
  await me.page.goto("/dashboard");
  await expect(me.page).toHaveURL("/dashboard");

  const fresh = await newBrowser(browser, javaScriptEnabled);
  await submitLogin(fresh.page, OWNER.password);
  await expect(fresh.page.getByText("Invalid email or password.")).toBeVisible();
  await signIn(fresh.page, NEW_PASSWORD);

  // Put the password back, so every test of this server may sign in with the usual one.
  await changePassword(me.page, NEW_PASSWORD, OWNER.password);
  await Promise.all([me.context.close(), other.context.close(), fresh.context.close()]);
});

// Last: it leaves the account locked for unknown browsers for the rest of the window.
test("a stranger who locks the account cannot lock out the owner's browser (device cookie)", async ({
  browser,
  javaScriptEnabled,
}) => {
  const owner = await newBrowser(browser, javaScriptEnabled);
  await signIn(owner.page);
  const device = (await owner.context.cookies()).find((c) => /folio_device$/.test(c.name));
  expect(device?.httpOnly).toBe(true);
  // Signed out again (the device cookie stays, as it would after Logout).
  await owner.context.clearCookies({ name: /folio_session$/ });

  const attacker = await newBrowser(browser, javaScriptEnabled);
  for (let i = 0; i < 5; i++) {
    await submitLogin(attacker.page, `guess-${i}-password`);
    await expect(attacker.page.getByText("Invalid email or password.")).toBeVisible();
  }
  await submitLogin(attacker.page, OWNER.password);
  await expect(attacker.page.getByText(/Too many failed login attempts/)).toBeVisible();
  await expect(attacker.page).toHaveURL(/\/login/);

  await signIn(owner.page);
  await expect(owner.page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await Promise.all([owner.context.close(), attacker.context.close()]);
});
