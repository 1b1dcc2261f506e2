// npm run bench: how fast the public pages are, next to the fastest possible answer.
//
// Builds the app (unless a build exists), starts the production server on loopback with a freshly
// seeded database, and measures `/`, `/projects` and `/projects/{id}` with autocannon. In the same
// run, a static server answers the same HTML bytes from memory: the ceiling a page could reach.
// Prints req/s and p50/p99 latency of both and the ratio to the ceiling, then stops.
//
//   npm run bench                         10 s per measurement, 50 connections
//   npm run bench -- --duration 5 --connections 20 --gzip --build
//   --build      rebuild even when a build exists      --gzip  ask for gzip (both servers)
//   --pages /,/projects                               --json  also print the results as JSON
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { freePort } from "./free-port.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] && !process.argv[i + 1].startsWith("--")
    ? process.argv[i + 1]
    : fallback;
}
const flag = (name) => process.argv.includes(`--${name}`);

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

/**
 * Starts the production server (node server.js) on loopback with a fresh, migrated and seeded
 * database in a temporary folder. Returns its URL and a stop() that also removes the folder.
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
  fs.mkdirSync(env.UPLOADS_DIR, { recursive: true });
  execFileSync(bin("prisma"), ["migrate", "deploy"], { cwd: root, env, stdio: "pipe" });
  execFileSync(bin("tsx"), ["scripts/seed.ts"], { cwd: root, env, stdio: "pipe" });
  const child = spawn(process.execPath, [...nodeArgs, "server.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
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
    await stop();
    throw new Error(`${error.message}\n${output}`);
  }
  return { url, port, pid: child.pid, stop, output: () => output };
}

/** CPU time (user + system, ms) a process has used so far (Linux /proc; null elsewhere). */
export function cpuMsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The first published project's detail path, as /projects lists it. */
export async function firstProjectPath(url) {
  const html = await (await fetch(`${url}/projects`)).text();
  const match = /href="(\/projects\/\d+)"/.exec(html);
  if (!match) throw new Error("no project link found on /projects");
  return match[1];
}

/**
 * The JavaScript a page loads on first visit (its module preloads and the module script's
 * imports; not the inline route manifest's other entries, which load only on navigation) and
 * its gzip size.
 */
export async function javascriptOf(url, pagePath) {
  const html = await (await fetch(`${url}${pagePath}`)).text();
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)];
  const imports = [...html.matchAll(/import(?:[^"';]*?from)?\s*"(\/assets\/[^"]+\.js)"/g)];
  const files = new Set([...preloads, ...imports].map((m) => m[1]));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = Buffer.from(await (await fetch(`${url}${file}`)).arrayBuffer());
    raw += body.length;
    gzip += zlib.gzipSync(body).length;
  }
  return { files: files.size, raw, gzip };
}

// ---------------------------------------------------------------------------------------------
// The ceiling: a static server answering stored bytes (run as its own process, like the app).

function serveStatic(file) {
  const pages = JSON.parse(fs.readFileSync(file, "utf8"));
  const bodies = new Map(
    Object.entries(pages).map(([p, html]) => {
      const body = Buffer.from(html);
      return [p, { body, gzip: zlib.gzipSync(body) }];
    }),
  );
  const server = http.createServer((req, res) => {
    const page = bodies.get(req.url);
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    const body = gzip ? page.gzip : page.body;
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": body.length,
      ...(gzip ? { "Content-Encoding": "gzip", Vary: "Accept-Encoding" } : {}),
    });
    res.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    process.stdout.write(`${server.address().port}\n`);
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

async function startStaticServer(pages) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "folio-ceiling-")), "pages.json");
  fs.writeFileSync(file, JSON.stringify(pages));
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--serve-static", file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once("data", (d) => resolve(Number(String(d).trim())));
    child.once("exit", (code) => reject(new Error(`static server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------

async function measure(url, { duration, connections, headers, pid }) {
  const { default: autocannon } = await import("autocannon");
  const cpuBefore = cpuMsOf(pid);
  const result = await autocannon({ url, duration, connections, headers, timeout: 10 });
  const cpuAfter = cpuMsOf(pid);
  return {
    cpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : (cpuAfter - cpuBefore) / result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function warmUp(url, headers) {
  const { default: autocannon } = await import("autocannon");
  await autocannon({ url, connections: 10, amount: 300, headers });
}

const pad = (v, n) => String(v).padStart(n);

function printTable(rows, { duration, connections, gzip }) {
  console.log(
    `\nPublic pages: autocannon ${duration} s, ${connections} connections${gzip ? ", gzip" : ""}; ` +
      `Node ${process.version}, ${os.cpus().length} CPU, load average ${os.loadavg()[0].toFixed(1)}\n`,
  );
  const head = `${"page".padEnd(18)}${pad("app req/s", 11)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("cpu ms/req", 12)}  |${pad("ceiling req/s", 15)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("cpu ms/req", 12)}  |${pad("ratio", 7)}${pad("p99<150", 9)}`;
  const cpu = (v) => (v === null ? "n/a" : v.toFixed(2));
  console.log(head);
  console.log("-".repeat(head.length));
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(18)}${pad(r.app.rps.toFixed(0), 11)}${pad(r.app.p50, 8)}${pad(r.app.p99, 8)}${pad(cpu(r.app.cpuMsPerRequest), 12)}  |${pad(r.ceiling.rps.toFixed(0), 15)}${pad(r.ceiling.p50, 8)}${pad(r.ceiling.p99, 8)}${pad(cpu(r.ceiling.cpuMsPerRequest), 12)}  |${pad(`${((100 * r.app.rps) / r.ceiling.rps).toFixed(1)}%`, 7)}${pad(r.app.p99 < 150 ? "yes" : "NO", 9)}`,
    );
    if (r.app.non2xx || r.app.errors)
      console.log(`  ! ${r.page}: ${r.app.non2xx} non-2xx answers, ${r.app.errors} errors`);
  }
}

async function main() {
  const duration = Number(option("duration", "10"));
  const connections = Number(option("connections", "50"));
  const gzip = flag("gzip");
  const headers = gzip ? { "accept-encoding": "gzip" } : {};
  const buildDir = ensureBuild({ force: flag("build") });

  console.log("Starting the production server with a freshly seeded database ...");
  const app = await startProductionServer({ buildDir });
  let ceiling;
  const stopAll = async () => {
    await Promise.allSettled([app.stop(), ceiling?.stop()]);
  };
  process.once("SIGINT", () => stopAll().then(() => process.exit(130)));
  try {
    const detail = await firstProjectPath(app.url);
    const pages = option("pages", `/,/projects,${detail}`).split(",");
    const html = {};
    for (const p of pages) {
      const res = await fetch(`${app.url}${p}`);
      if (!res.ok) throw new Error(`${p} answered ${res.status}`);
      html[p] = await res.text();
    }
    ceiling = await startStaticServer(html);

    const rows = [];
    for (const p of pages) {
      await warmUp(`${app.url}${p}`, headers);
      await warmUp(`${ceiling.url}${p}`, headers);
      process.stdout.write(`Measuring ${p} ...`);
      const appResult = await measure(`${app.url}${p}`, {
        duration,
        connections,
        headers,
        pid: app.pid,
      });
      const ceilingResult = await measure(`${ceiling.url}${p}`, {
        duration,
        connections,
        headers,
        pid: ceiling.pid,
      });
      process.stdout.write(" done\n");
      rows.push({
        page: p,
        bytes: Buffer.byteLength(html[p]),
        app: appResult,
        ceiling: ceilingResult,
      });
    }
    printTable(rows, { duration, connections, gzip });

    console.log(
      `\nHTML sizes: ${rows.map((r) => `${r.page} ${(r.bytes / 1024).toFixed(1)} KB`).join(", ")}`,
    );
    const js = {};
    for (const p of pages) {
      js[p] = await javascriptOf(app.url, p);
      console.log(
        `JavaScript loaded by ${p}: ${js[p].files} files, ${(js[p].raw / 1024).toFixed(1)} KB, ` +
          `${(js[p].gzip / 1024).toFixed(1)} KB gzip (budget 100 KB) ${js[p].gzip <= 100 * 1024 ? "ok" : "OVER"}`,
      );
    }
    const slow = rows.filter((r) => r.app.p99 >= 150).map((r) => r.page);
    console.log(
      "cpu ms/req: server CPU time (user+system) per answered request, from /proc; it does not depend\n" +
        "on how busy the machine is, unlike req/s and latency.",
    );
    console.log(
      slow.length
        ? `Goal p99 < 150 ms at ${connections} connections: NOT met on ${slow.join(", ")}`
        : `Goal p99 < 150 ms at ${connections} connections: met on every page`,
    );
    if (flag("json")) console.log(JSON.stringify({ rows, js }, null, 2));
  } finally {
    await stopAll();
  }
}

const invokedDirectly =
  process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  if (flag("serve-static")) {
    serveStatic(option("serve-static"));
  } else {
    main().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  }
}
