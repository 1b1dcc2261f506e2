// A production server of a spec's own (fresh database, seeded owner) for tests that change what
// the shared servers rely on: the owner's password, the sign-in throttle's counters.
import { spawn } from "node:child_process";
import path from "node:path";
import { waitForHealthy } from "../support/server";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type OwnServer = { baseURL: string; stop: () => Promise<void> };

/**
 * Starts `tests/e2e/server.mjs` on `port` (take it from E2E_PORT_BASE so parallel runs never
 * collide) with extra flags such as `--login-throttle`.
 */
export async function startOwnServer(port: number, name: string, flags: string[] = []) {
  const child = spawn(process.execPath, ["tests/e2e/server.mjs", String(port), name, ...flags], {
    cwd: ROOT,
    env: process.env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (d: Buffer) => (errors += d));
  const baseURL = `http://localhost:${port}`;
  try {
    await waitForHealthy(baseURL, 90_000, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n${errors}`);
  }
  return {
    baseURL,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  } satisfies OwnServer;
}
