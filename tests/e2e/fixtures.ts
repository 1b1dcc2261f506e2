import fs from "node:fs";
import path from "node:path";
import { expect, test as base, type Page, type Route, type TestInfo } from "@playwright/test";

export const OWNER = { email: "owner@example.com", password: "e2e-owner-password" };

/** Signs in through the login form (works with JavaScript on and off). */
export async function login(page: Page, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
  await page.getByRole("button", { name: "Login" }).click();
  // The password check is deliberately slow (bcrypt) and the shared CI machine can be busy.
  await expect(page).toHaveURL(redirectTo ?? "/dashboard", { timeout: 30_000 });
}

/**
 * Holds the page's `method` requests to `url` until `release()`, so a test can see a pending
 * state (a disabled button, an 'Uploading...' dialog) for as long as it needs, without sleeping.
 */
export async function holdRequests(page: Page, url: string, method = "POST") {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    if (route.request().method() === method) await released;
    await route.continue();
  });
  return { release };
}

/**
 * Gives the page a test clock that stands still: timers (setTimeout, requestIdleCallback, ...)
 * fire only when the test moves it on with `page.clock.runFor(ms)`.
 */
export async function pauseClock(page: Page) {
  const start = Date.UTC(2026, 0, 1);
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}

/** A unique suffix so parallel tests never collide on names. */
export const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type OwnerWorkerFixtures = {
  /**
   * The owner's signed-in browser state (a storageState file), made once per worker by signing
   * in through the real login form of the worker's server. A session is a row on the server, so
   * every test that borrows it shares it: a test that signs out, changes the password or ends
   * sessions must sign in with `login` instead (its own session).
   */
  ownerStorageState: string;
};

type OwnerTestFixtures = {
  /**
   * Holds the site's one profile for the test (ask for it in a test that changes the profile):
   * every worker's tests share the profile row of their project's server, so two of them must
   * never change it at once. A lock directory, created atomically, per project.
   */
  profileLock: void;
  /**
   * Gives the test's browser context the owner's session and opens `path` (the dashboard by
   * default), checking it was not sent to /login. For a test that starts as a visitor.
   */
  asOwner: (path?: string) => Promise<void>;
};

export const test = base.extend<OwnerTestFixtures, OwnerWorkerFixtures>({
  ownerStorageState: [
    async ({ browser }, provide, workerInfo) => {
      const { baseURL, javaScriptEnabled } = workerInfo.project.use;
      const file = path.join(
        workerInfo.project.outputDir,
        ".auth",
        `owner-${workerInfo.project.name}-${workerInfo.workerIndex}.json`,
      );
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const context = await browser.newContext({ baseURL, javaScriptEnabled });
      try {
        await login(await context.newPage());
        await context.storageState({ path: file });
      } finally {
        await context.close();
      }
      await provide(file);
      fs.rmSync(file, { force: true });
    },
    { scope: "worker", timeout: 60_000 },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
  profileLock: async ({}, provide, testInfo) => {
    const lock = path.resolve(
      process.env.FOLIO_TEST_TMP ?? "tests/.tmp",
      `profile-lock-${testInfo.project.name}`,
    );
    const deadline = Date.now() + 90_000;
    for (;;) {
      try {
        fs.mkdirSync(lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        // A lock older than any test may be (its worker died): take it over.
        const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
        if (age > 150_000) fs.rmSync(lock, { recursive: true, force: true });
        else if (Date.now() > deadline) throw new Error("The profile stayed locked for 90 s.");
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    try {
      await provide();
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  },
  asOwner: async ({ page, ownerStorageState }, provide) => {
    await provide(async (to = "/dashboard") => {
      const state = JSON.parse(fs.readFileSync(ownerStorageState, "utf8")) as {
        cookies: Parameters<ReturnType<Page["context"]>["addCookies"]>[0];
      };
      await page.context().addCookies(state.cookies);
      await page.goto(to);
      await expect(page).toHaveURL(to);
    });
  },
});

/** For specs where every test is the owner's: each page starts signed in (the worker's session). */
export const ownerTest = test.extend({
  storageState: async ({ ownerStorageState }, provide) => provide(ownerStorageState),
});

export { expect };

/** The SQLite file of the e2e server a project talks to (see tests/e2e/server.mjs). */
export function databaseOf(testInfo: TestInfo) {
  const port = new URL(testInfo.project.use.baseURL!).port;
  const tmp = path.resolve(process.env.FOLIO_TEST_TMP ?? "tests/.tmp");
  return path.join(tmp, `e2e-${testInfo.project.name}-${port}.db`);
}
