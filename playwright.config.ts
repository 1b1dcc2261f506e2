import { defineConfig } from "@playwright/test";

// End-to-end tests: Debian's Chromium (no browser download) against the production build.
// Each project has its own server and database: JavaScript on, JavaScript off, and a
// first-run server with no owner and no content.
const base = Number(process.env.E2E_PORT_BASE ?? 3100);
export const PORTS = { js: base + 1, nojs: base + 2, fresh: base + 3 } as const;
const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  outputDir: process.env.FOLIO_TEST_TMP
    ? `${process.env.FOLIO_TEST_TMP}/test-results`
    : "test-results",
  use: {
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-dev-shm-usage",
      ],
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "js",
      use: { baseURL: `http://localhost:${PORTS.js}`, javaScriptEnabled: true },
      testIgnore: "**/first-run.spec.ts",
    },
    {
      name: "nojs",
      use: { baseURL: `http://localhost:${PORTS.nojs}`, javaScriptEnabled: false },
      testIgnore: "**/first-run.spec.ts",
    },
    {
      name: "first-run",
      use: { baseURL: `http://localhost:${PORTS.fresh}` },
      testMatch: "**/first-run.spec.ts",
    },
  ],
  webServer: (Object.entries(PORTS) as Array<[string, number]>).map(([name, port]) => ({
    command: `node tests/e2e/server.mjs ${port} ${name}${name === "fresh" ? " --empty" : ""}`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
