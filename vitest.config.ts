import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Vitest's default: one worker per core but one (one on the 2-core CI machine, where
    // Playwright runs beside it: more made timing-sensitive tests flaky there without finishing
    // sooner). VITEST_MAX_WORKERS sets another number, e.g. on a larger machine.
    ...(process.env.VITEST_MAX_WORKERS
      ? { maxWorkers: Number(process.env.VITEST_MAX_WORKERS), minWorkers: 1 }
      : {}),
    projects: [
      {
        plugins: [tsconfigPaths()],
        test: {
          name: "unit",
          environment: "node",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.{js,ts}",
            "scripts/**/*.test.{ts,mjs}",
          ],
        },
      },
      {
        plugins: [tsconfigPaths()],
        test: {
          name: "integration",
          environment: "node",
          // Cheap password hashes (bcrypt cost 4, not 12) for in-process tests and the servers and
          // CLIs they start: the suite signs in hundreds of times. The default stays 12.
          env: { PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? "4" },
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/setup-integration.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // Like Playwright's: in CI a failed test runs once more, and the report marks it
          // "(retry x1)" so a flaky test is seen, not hidden.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
