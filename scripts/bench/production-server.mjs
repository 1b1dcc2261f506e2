// The production server the bench and Lighthouse scripts measure: the build (made when missing),
// `node server.js` on loopback with a freshly migrated and seeded database in a temporary
// folder, and the CPU time a process has used (Linux /proc).
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../free-port.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

/** Builds into FOLIO_BUILD_DIR (default build/) when there is no build yet or `force`. */
export function ensureBuild({ force = false } = {}) {
  const buildDir = process.env.FOLIO_BUILD_DIR ?? "build";
  if (!force && fs.existsSync(path.join(root, buildDir, "server/index.js"))) return buildDir;
  console.log(`Building into ${buildDir}/ ...`);
  execFileSync(bin("remix"), ["vite:build"], { cwd: root, stdio: "inherit", env: process.env });
  return buildDir;
}

async function waitForHealthy(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the server at ${url} did not become healthy`);
}

/** A desktop Chrome's User-Agent: the load counts as a visitor's (an empty one is a bot's). */
export const CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * The settings of a server measured as in production: the request log as asked and the anonymous
 * rate limit counting every request (a limit no load reaches, instead of RATE_LIMIT_DISABLED=1).
 */
export function productionLikeEnv({ requestLog }) {
  return {
    FOLIO_REQUEST_LOG: requestLog ? "1" : "0",
    RATE_LIMIT_DISABLED: undefined,
    RATE_LIMIT_RPM: "1000000000",
  };
}

/**
 * Starts the production server (node server.js) on loopback with a fresh, migrated and seeded
 * database in a temporary folder; no request log, no rate limit unless `extraEnv` says otherwise
 * (a key set to undefined is removed). Returns its URL, its pid and a stop() that also removes
 * the folder.
 */
export async function startProductionServer({ buildDir, extraEnv = {}, nodeArgs = [] } = {}) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "folio-bench-"));
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${path.join(tmp, "bench.db")}`,
    SESSION_SECRET: crypto.randomBytes(24).toString("hex"),
    UPLOADS_DIR: path.join(tmp, "uploads"),
    FOLIO_BUILD_DIR: buildDir,
    FOLIO_REQUEST_LOG: "0",
    RATE_LIMIT_DISABLED: "1",
    ...extraEnv,
  };
  for (const key of ["OWNER_EMAIL", "OWNER_PASSWORD", "RESEND_API_KEY", "RESTORE_FROM"])
    delete env[key];
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  fs.mkdirSync(env.UPLOADS_DIR, { recursive: true });
  execFileSync(bin("prisma"), ["migrate", "deploy"], { cwd: root, env, stdio: "pipe" });
  execFileSync(bin("tsx"), ["scripts/seed.ts"], { cwd: root, env, stdio: "pipe" });
  // What it prints goes to a file, as a container's log does, not to a pipe: a pipe would have to
  // be drained by this process, which is also the load generator, and a request log under load
  // (megabytes) would then slow the server by as much as the load keeps this process busy.
  const logFile = path.join(tmp, "server.log");
  const logFd = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, [...nodeArgs, "server.js"], {
    cwd: root,
    env,
    stdio: ["ignore", logFd, logFd],
  });
  fs.closeSync(logFd);
  /** The last 64 KB of what it printed. */
  const output = () => {
    try {
      const size = fs.statSync(logFile).size;
      const fd = fs.openSync(logFile, "r");
      try {
        const length = Math.min(size, 65_536);
        const tail = Buffer.alloc(length);
        fs.readSync(fd, tail, 0, length, size - length);
        return tail.toString("utf8");
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      return "";
    }
  };
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    await waitForHealthy(url, child);
  } catch (error) {
    const printed = output();
    await stop();
    throw new Error(`${error.message}\n${printed}`);
  }
  return { url, port, pid: child.pid, stop, output };
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system, ms, all threads: zlib and file work included) a process has used so
 * far, from /proc/<pid>/stat (Linux); null elsewhere.
 */
export function cpuMsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The first published project's detail path, as /projects lists it. */
export async function firstProjectPath(url) {
  const html = await (await fetch(`${url}/projects`)).text();
  const match = /href="(\/projects\/\d+)"/.exec(html);
  if (!match) throw new Error("no project link found on /projects");
  return match[1];
}
