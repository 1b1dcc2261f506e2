// Two-factor sign-in in a real browser, JavaScript on and off (the js and nojs projects).
// Turning 2FA on for the owner that every other spec signs in as would break them mid-run, so
// this file starts a server of its own per worker (its own port and database, see the
// `twoFactorServer` fixture) and points `baseURL` at it.
import AxeBuilder from "@axe-core/playwright";
import { generate } from "otplib";
import type { Page } from "@playwright/test";
import { freePort } from "../support/server";
import { expect, OWNER, test as base } from "./fixtures";
import { startOwnServer } from "./own-server";

const test = base.extend<object, { twoFactorServer: string }>({
  twoFactorServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const server = await startOwnServer(await freePort(), `twofa-${workerInfo.project.name}`);
      await provide(server.baseURL);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ twoFactorServer }, provide) => provide(twoFactorServer),
});

const SETTINGS = "/dashboard/admin/security/two-factor";

/**
 * Codes as the owner's app would show them. Each sign-in needs a code of a later 30-second step
 * than the one before (a code works once), so without waiting we take the next step, which the
 * server accepts as one step of clock drift.
 */
function authenticator(secret: string) {
  let lastStep = 0;
  return async () => {
    const step = Math.max(lastStep + 1, Math.floor(Date.now() / 1000 / 30));
    lastStep = step;
    return generate({ secret, epoch: step * 30 });
  };
}

async function passwordStep(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** No axe violations (axe runs inside the page, so only with JavaScript on). */
async function expectAccessible(page: Page, label: string) {
  if (!test.info().project.use.javaScriptEnabled) return;
  // Axe looks at the page once it has settled, not while a submission's revalidation is pending
  // (the progress bar shown then made this check flaky).
  await expect(page.locator('[role="progressbar"][aria-hidden="true"]')).toHaveCount(1);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes[0]?.target}`)).toEqual(
    [],
  );
}

async function logout(page: Page) {
  await page.goto("/logout");
  await page.getByRole("button", { name: "Yes, log out" }).click();
  await expect(page).toHaveURL("/");
}

test("turn two-factor sign-in on, sign in with a code and with a recovery code, turn it off", async ({
  page,
}) => {
  // Seven sign-ins (bcrypt) and three settings changes: about 18 s alone, over 60 s in CI beside
  // Vitest. test.slow() gives it three times the timeout.
  test.slow();
  let nextCode: () => Promise<string> = async () => "";
  let recoveryCodes: string[] = [];

  await test.step("turn it on: QR code, key, a wrong code refused, then recovery codes", async () => {
    await passwordStep(page);
    await expect(page).toHaveURL("/dashboard");
    const response = await page.goto(SETTINGS);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByTestId("two-factor-status")).toContainText("Off.");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByTestId("two-factor-qr").locator("svg")).toBeVisible();
    const secret = (await page.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    nextCode = authenticator(secret);

    await page.getByLabel("6-digit code from the app").fill("000000");
    await page.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(page.getByText("Invalid code")).toBeVisible();
    await expect(page.getByLabel("6-digit code from the app")).toHaveValue("");
    await expectAccessible(page, "set-up");

    await page.getByLabel("6-digit code from the app").fill(await nextCode());
    await page.getByRole("button", { name: "Verify and turn on" }).click();
    const list = page.getByTestId("recovery-codes");
    await expect(list.getByRole("heading", { name: "Two-factor sign-in is on" })).toBeVisible();
    recoveryCodes = await list.getByRole("listitem").allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await expectAccessible(page, "recovery codes");
    await list.getByRole("link", { name: "I have saved them" }).click();
    await expect(page.getByTestId("two-factor-status")).toContainText("10 of 10 recovery codes");
  });

  await test.step("sign in: password, then a wrong code, then the right one", async () => {
    await logout(page);
    await passwordStep(page);
    await expect(page).toHaveURL("/login/two-factor");
    const document = await page.request.get("/login/two-factor", { maxRedirects: 0 });
    expect(document.status()).toBe(200);
    expect(document.headers()["cache-control"]).toBe("no-store");
    await page.getByLabel("Authentication code").fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText(/That code is not valid/)).toBeVisible();
    await expectAccessible(page, "code page");
    await page.getByLabel("Authentication code").fill(await nextCode());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByText("Login Successful")).toBeVisible();
  });

  await test.step("sign in with a recovery code; the same code does not work twice", async () => {
    await logout(page);
    await passwordStep(page);
    await page.getByRole("link", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0]);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/dashboard");

    await logout(page);
    await passwordStep(page);
    await page.getByRole("link", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0]);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(
      page.getByText("That recovery code is not valid or was already used."),
    ).toBeVisible();
    await page.getByLabel("Recovery code").fill(recoveryCodes[1].toLowerCase());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/dashboard");
  });

  await test.step("turn it off with the password; sign-in is the password alone again", async () => {
    await page.goto(SETTINGS);
    await expect(page.getByTestId("two-factor-status")).toContainText("8 of 10 recovery codes");
    const form = page.getByRole("form", { name: "Turn off two-factor sign-in" });
    await form.getByLabel("or your password").fill("not-the-password");
    await form.getByRole("button", { name: "Turn off" }).click();
    await expect(form.getByLabel("or your password")).toHaveAccessibleDescription("Wrong password");
    await form.getByLabel("or your password").fill(OWNER.password);
    await form.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByText("Two-factor sign-in is off")).toBeVisible();
    await expect(page.getByTestId("two-factor-status")).toContainText("Off.");

    await logout(page);
    await passwordStep(page);
    await expect(page).toHaveURL("/dashboard");
  });
});
