// The TypeScript server reads its configuration through the app's one schema
// (app/utils/env.server.ts) and computes the client address once, for its rate limits and the app.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { BUILD_DIR, ROOT } from "../support/paths";
import { freePort, startTestServer, type TestServer } from "../support/server";

/** Runs `node server.js` with these settings until it exits (it must not start). */
async function startRefused(env: Record<string, string>) {
  const db = createTestDatabase("server-config");
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "server-config-secret",
      DATABASE_URL: db.url,
      FOLIO_BUILD_DIR: BUILD_DIR,
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d));
  child.stderr.on("data", (d: Buffer) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, output };
}

describe("server configuration", () => {
  it("refuses to start on a wrong setting of the server's own, naming each one, before it listens", async () => {
    const { code, output } = await startRefused({
      RATE_LIMIT_RPM: "0",
      RATE_LIMIT_WINDOW_SECONDS: "soon",
    });
    expect(code).not.toBe(0);
    expect(output).toContain("Invalid configuration");
    expect(output).toMatch(/RATE_LIMIT_RPM must be a whole number \(1 or more\)/);
    expect(output).toMatch(/RATE_LIMIT_WINDOW_SECONDS must be a whole number/);
    expect(output).not.toContain("Folio listening");
  });
});

describe("the client address", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        RATE_LIMIT_DISABLED: undefined,
        RATE_LIMIT_RPM: "4",
        RATE_LIMIT_WINDOW_SECONDS: "600",
        TRUST_PROXY: undefined,
        FOLIO_REQUEST_LOG: undefined,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("is the server's to set: a client sending X-Folio-Client-Ip cannot pick another address to dodge the limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${server.url}/resume`, {
        headers: { "X-Folio-Client-Ip": `198.51.100.${i}` },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it("logs one line per request when FOLIO_REQUEST_LOG is unset (the default: on)", async () => {
    await (await fetch(`${server.url}/healthz?log-probe`)).arrayBuffer();
    await expect.poll(() => server.output()).toMatch(/"GET \/healthz\?log-probe HTTP\/1\.1" 200/);
  });
});
