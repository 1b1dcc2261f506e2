// Starts the production build (build/ must exist: `npm run build`) on a free loopback port with
// a fresh database, like the container does. Used by integration tests that speak HTTP.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { createSeededDatabase, createTestDatabase } from "./database";
import { BUILD_DIR, ROOT, TMP } from "./paths";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export type TestServer = {
  url: string;
  port: number;
  databaseUrl: string;
  databaseFile: string;
  uploadsDir: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Waits for `/healthz` to answer 200; fails at once if `child` (the server's process) exits.
 * 45 s: 20 was seen too short on the busy CI machine (under Vitest's 60 s hook timeout).
 */
export async function waitForHealthy(url: string, timeoutMs = 45_000, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Server at ${url} did not become healthy: ${String(lastError)}`);
}

export async function startTestServer({
  seed = false,
  env = {},
  databaseUrl,
}: {
  seed?: boolean;
  env?: Record<string, string | undefined>;
  databaseUrl?: string;
} = {}): Promise<TestServer> {
  if (!fs.existsSync(path.join(ROOT, BUILD_DIR, "server/index.js"))) {
    throw new Error("No production build: run `npm run build` first.");
  }
  const port = await freePort();
  const uploadsDir = path.join(TMP, `uploads-server-${port}`);
  fs.mkdirSync(uploadsDir, { recursive: true });
  // Seeded: a copy of the seeded template (its content and pictures); the server creates the
  // owner from OWNER_EMAIL / OWNER_PASSWORD when it starts.
  const fromTemplate = seed && !databaseUrl;
  const db = databaseUrl
    ? { url: databaseUrl, file: databaseUrl.replace(/^file:/, "") }
    : fromTemplate
      ? await createSeededDatabase(uploadsDir, "server")
      : createTestDatabase("server");
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: db.url,
    SESSION_SECRET: "test-server-secret",
    // Cheap password hashes (bcrypt cost 4, not 12): the suite signs in hundreds of times.
    PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? "4",
    // Tests write to the database from their own process and read the page at once: the page
    // cache checks the content version on every request (the 1 s bound has its own test).
    FOLIO_CONTENT_CHECK_MS: "0",
    UPLOADS_DIR: uploadsDir,
    // Each server its own social card cache (beside the uploads it would be shared by all).
    SOCIAL_CARDS_DIR: path.join(TMP, `social-cards-server-${port}`),
    FOLIO_REQUEST_LOG: "0",
  };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete childEnv[k];
    else childEnv[k] = v;
  }
  if (seed && !fromTemplate) {
    await new Promise<void>((resolve, reject) => {
      const p: ChildProcess = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/seed.ts"], {
        cwd: ROOT,
        env: childEnv,
        stdio: "pipe",
      });
      let err = "";
      p.stderr?.on("data", (d: Buffer) => (err += d));
      p.on("exit", (code: number | null) =>
        code === 0 ? resolve() : reject(new Error(`seed failed: ${err}`)),
      );
    });
  }
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d));
  child.stderr?.on("data", (d: Buffer) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(url);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    port,
    databaseUrl: db.url,
    databaseFile: db.file,
    uploadsDir,
    process: child,
    output: () => output,
    stop: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        // Already gone (exited, or killed by a signal such as SIGKILL): nothing to wait for.
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once("exit", (code: number | null) => resolve(code));
        child.kill(signal);
      }),
  };
}

/**
 * Signs the owner in through the login form of a running server and returns the session as a
 * Cookie header (fails the test when the sign-in does not redirect).
 */
export async function signInOverHttp(
  server: Pick<TestServer, "url">,
  owner: { email: string; password: string },
): Promise<string> {
  const res = await fetch(`${server.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email: owner.email, password: owner.password }),
  });
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}, not 302`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!/folio_session=/.test(cookie)) throw new Error("sign-in set no session cookie");
  return cookie;
}

/**
 * `fetch` from another loopback address (127.0.0.2, 127.0.0.3, ...: all of 127/8 is this machine),
 * so a server sees a client of its own: a fresh rate-limit window without waiting for one.
 * Redirects are not followed (like `redirect: "manual"`).
 */
export function fetchFrom(localAddress: string) {
  return (
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) =>
    new Promise<Response>((resolve, reject) => {
      const req = http.request(
        url,
        { method: init.method ?? "GET", headers: init.headers, localAddress, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const v of [value ?? []].flat()) headers.append(name, v);
            }
            const status = res.statusCode ?? 0;
            const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers }));
          });
        },
      );
      req.on("error", reject);
      req.end(init.body);
    });
}
