// `npm run soak`: the production server under a steady mixed load, then a check that nothing
// was lost. Loopback only, bounded in time, stops by itself.
//
//   node scripts/soak.mjs [--seconds 60] [--concurrency 8]
//
// Starts the production build (building it first if missing) on 127.0.0.1 with a fresh seeded
// database, RATE_LIMIT_DISABLED=1 and an API_TOKEN, then for --seconds mixes public page reads,
// REST reads, admin writes through the REST API (POST/PUT/DELETE with the bearer token) and
// contact submissions (POST /sendmail). Then it stops the server with SIGTERM and checks:
// no 5xx, every acknowledged write is in the database (and every acknowledged delete is gone),
// no 'database is locked' in the server's output. Exit code 0 only when all of that holds.
import Database from "better-sqlite3";
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";

const root = path.resolve(import.meta.dirname, "..");
const argValue = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  const n = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} must be a positive number`);
    process.exit(2);
  }
  return n;
};
const SECONDS = argValue("seconds", 60);
const CONCURRENCY = Math.round(argValue("concurrency", 8));
const buildDir = process.env.FOLIO_BUILD_DIR ?? "build";
const token = crypto.randomBytes(24).toString("hex");
const runId = Date.now().toString(36);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "folio-soak-"));
const dbFile = path.join(work, "folio.db");
let server;
// Whatever happens, nothing outlives this bound.
const hardStop = setTimeout(
  () => {
    console.error("Soak exceeded its time bound; stopping.");
    server?.kill("SIGKILL");
    process.exit(1);
  },
  (SECONDS + 120) * 1000,
);
hardStop.unref();

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
let base = "";

/** One HTTP request on the loopback server: { status, body, ms } or { error }. */
function request(method, p, { json, headers = {} } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const req = http.request(
      `${base}${p}`,
      {
        method,
        agent,
        headers: {
          ...(body
            ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (data += c));
        res.on("end", () =>
          resolve({ status: res.statusCode, body: data, ms: performance.now() - started }),
        );
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("timeout after 30 s")));
    req.on("error", (error) => resolve({ error: error.message, ms: performance.now() - started }));
    if (body) req.write(body);
    req.end();
  });
}

const stats = {
  requests: 0,
  byKind: {},
  statuses: {},
  serverErrors: [],
  networkErrors: [],
  missingRoutes: new Set(),
  latencies: [],
};
/** Acknowledged writes to check afterwards: { table, id?, column, value, present }. */
const acknowledged = [];
/** Ids this run created and has not deleted, per REST path (for PUT and DELETE). */
const created = { "/addskill": [], "/addfeather": [], "/addeducation": [], "/addexperience": [] };

function record(kind, method, p, res) {
  stats.requests++;
  stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1;
  if (res.error) {
    stats.networkErrors.push(`${method} ${p}: ${res.error}`);
    return;
  }
  stats.latencies.push(res.ms);
  stats.statuses[res.status] = (stats.statuses[res.status] ?? 0) + 1;
  if (res.status >= 500)
    stats.serverErrors.push(`${method} ${p} → ${res.status} ${res.body.slice(0, 200)}`);
  if (res.status === 404 && kind !== "page")
    stats.missingRoutes.add(`${method} ${p.replace(/\/\d+$/, "/{id}")}`);
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const auth = () => ({ Authorization: `Bearer ${token}` });
let projectIds = [];
let seq = 0;

const TABLES = {
  "/addskill": { table: "Skill", column: "name", body: (v) => ({ name: v }) },
  "/addfeather": {
    table: "Service",
    column: "title",
    body: (v) => ({ title: v, subtitle: "Soak subtitle" }),
  },
  "/addeducation": {
    table: "Education",
    column: "degree",
    body: (v) => ({ degree: v, institution: "Soak University", year: "2024", description: "Soak" }),
  },
  "/addexperience": {
    table: "Experience",
    column: "title",
    body: (v) => ({ title: v, institution: "Soak Ltd", year: "6 months+", description: "Soak" }),
  },
};

const operations = [
  // Public page reads.
  [
    40,
    async () => {
      const p = pick([
        "/",
        "/projects",
        "/projects/react",
        "/projects/laravel",
        "/contact",
        "/login",
        projectIds.length ? `/projects/${pick(projectIds)}` : "/",
      ]);
      record("page", "GET", p, await request("GET", p, { headers: { Accept: "text/html" } }));
    },
  ],
  // REST reads.
  [
    10,
    async () => {
      const p = pick([
        "/addskill",
        "/addfeather",
        "/addprotfolio",
        "/addeducation",
        "/addexperience",
        "/adduser",
        "/addcategory",
      ]);
      record("api-read", "GET", p, await request("GET", p));
    },
  ],
  // Admin creates through the REST API.
  [
    25,
    async () => {
      const p = pick(Object.keys(TABLES));
      const { table, column, body } = TABLES[p];
      const value = `soak-${runId}-${++seq}`;
      const res = await request("POST", p, { json: body(value), headers: auth() });
      record("api-write", "POST", p, res);
      if (res.status === 201) {
        const id = Number(JSON.parse(res.body).insertedId);
        acknowledged.push({ what: `POST ${p}`, table, id, column, value, present: true });
        created[p].push(id);
      }
    },
  ],
  // Admin updates (services and education, the ones with PUT in the spec).
  [
    8,
    async () => {
      const p = pick(["/addfeather", "/addeducation"]);
      const id = pick(created[p]);
      if (id === undefined) return;
      const { table, column, body } = TABLES[p];
      const value = `soak-${runId}-${++seq}-updated`;
      const res = await request("PUT", `${p}/${id}`, { json: body(value), headers: auth() });
      record("api-write", "PUT", `${p}/${id}`, res);
      // A later delete of the same row is checked by its own entry.
      if (
        res.status === 200 &&
        JSON.parse(res.body).modifiedCount === 1 &&
        created[p].includes(id)
      ) {
        acknowledged.push({
          what: `PUT ${p}/${id}`,
          table,
          id,
          column,
          value,
          present: true,
          updatable: true,
        });
      }
    },
  ],
  // Admin deletes (of rows this run created).
  [
    5,
    async () => {
      const p = pick(Object.keys(TABLES));
      const list = created[p];
      if (list.length < 3) return;
      const id = list.splice(Math.floor(Math.random() * list.length), 1)[0];
      const res = await request("DELETE", `${p}/${id}`, { headers: auth() });
      record("api-write", "DELETE", `${p}/${id}`, res);
      if (res.status === 200 && JSON.parse(res.body).deletedCount === 1) {
        acknowledged.push({
          what: `DELETE ${p}/${id}`,
          table: TABLES[p].table,
          id,
          present: false,
        });
      }
    },
  ],
  // Contact submissions.
  [
    12,
    async () => {
      const subject = `soak-${runId}-${++seq}`;
      const res = await request("POST", "/sendmail", {
        json: {
          name: "Soak Visitor",
          email: "visitor@example.com",
          subject,
          message: "Hello from the soak test.",
        },
      });
      record("contact", "POST", "/sendmail", res);
      if (res.status >= 200 && res.status < 300 && JSON.parse(res.body).success === true) {
        acknowledged.push({
          what: "POST /sendmail",
          table: "Message",
          column: "subject",
          value: subject,
          present: true,
        });
      }
    },
  ],
];
const totalWeight = operations.reduce((s, [w]) => s + w, 0);
function randomOperation() {
  let r = Math.random() * totalWeight;
  for (const [w, op] of operations) if ((r -= w) < 0) return op;
  return operations[0][1];
}

/**
 * Every acknowledged write, checked against the database after the server stopped: a created row
 * exists (with its last acknowledged value: one of its PUTs when it was updated), a deleted row
 * is gone, a contact message exists exactly once.
 */
function verify() {
  const db = new Database(dbFile, { readonly: true });
  const problems = [];
  const rows = new Map();
  let checked = 0;
  for (const a of acknowledged) {
    if (a.id === undefined) {
      const { n } = db
        .prepare(`SELECT COUNT(*) AS n FROM "${a.table}" WHERE "${a.column}" = ?`)
        .get(a.value);
      if (n !== 1) problems.push(`${a.what}: ${n} rows with ${a.column} = ${a.value}`);
      checked++;
      continue;
    }
    const key = `${a.table}:${a.id}`;
    const row = rows.get(key) ?? {
      table: a.table,
      id: a.id,
      column: a.column,
      puts: [],
      deleted: false,
    };
    if (!a.present) row.deleted = true;
    else if (a.updatable) row.puts.push(a.value);
    else row.created = a.value;
    row.column ??= a.column;
    rows.set(key, row);
    checked++;
  }
  for (const row of rows.values()) {
    const found = db
      .prepare(`SELECT "${row.column}" AS v FROM "${row.table}" WHERE id = ?`)
      .get(row.id);
    const name = `${row.table} ${row.id}`;
    if (row.deleted) {
      if (found) problems.push(`${name}: acknowledged delete, but the row is still there`);
    } else if (!found) {
      problems.push(`${name}: acknowledged write, but the row is missing`);
    } else {
      const allowed = row.puts.length ? row.puts : [row.created];
      if (!allowed.includes(found.v))
        problems.push(`${name}: holds ${found.v}, expected ${allowed.join(" or ")}`);
    }
  }
  db.close();
  return { checked, problems };
}

function percentile(sorted, p) {
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
    : 0;
}

async function main() {
  if (!fs.existsSync(path.join(root, buildDir, "server/index.js"))) {
    console.log(`No build in ${buildDir}/: building...`);
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  }
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: `file:${dbFile}`,
    UPLOADS_DIR: path.join(work, "uploads"),
    SESSION_SECRET: crypto.randomBytes(24).toString("hex"),
    OWNER_EMAIL: "soak-owner@example.com",
    OWNER_PASSWORD: crypto.randomBytes(12).toString("hex"),
    API_TOKEN: token,
    RATE_LIMIT_DISABLED: "1",
    FOLIO_REQUEST_LOG: "0",
  };
  for (const k of [
    "RESEND_API_KEY",
    "BACKUP_DIR",
    "RESTORE_FROM",
    "ALLOWED_ORIGINS",
    "TRUST_PROXY",
  ])
    delete env[k];
  const bin = (name) => path.join(root, "node_modules/.bin", name);
  execFileSync(bin("prisma"), ["migrate", "deploy"], { cwd: root, env, stdio: "pipe" });
  execFileSync(bin("tsx"), ["scripts/seed.ts"], { cwd: root, env, stdio: "pipe" });

  server = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (d) => (output += d));
  server.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => server.on("exit", (code) => resolve(code)));
  const ready = Date.now() + 30_000;
  for (;;) {
    const res = await request("GET", "/healthz");
    if (res.status === 200) break;
    if (Date.now() > ready || server.exitCode !== null)
      throw new Error(`The server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const list = await request("GET", "/addprotfolio");
  if (list.status === 200) projectIds = JSON.parse(list.body).map((p) => p.id ?? p._id);

  console.log(
    `Soak: ${SECONDS} s, ${CONCURRENCY} concurrent clients, against ${base} (cores: ${os.cpus().length}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")})`,
  );
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) await randomOperation()();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;

  const stopAt = Date.now();
  server.kill("SIGTERM");
  const code = await exited;
  const stopMs = Date.now() - stopAt;
  agent.destroy();
  const { checked, problems } = verify();
  const locked = /database is locked|SQLITE_BUSY/i.test(output);
  const sorted = [...stats.latencies].sort((a, b) => a - b);

  console.log(`
Requests served: ${stats.requests} in ${elapsed.toFixed(1)} s (${(stats.requests / elapsed).toFixed(1)}/s)
  by kind: ${Object.entries(stats.byKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ")}
  by status: ${Object.entries(stats.statuses)
    .map(([k, n]) => `${k}: ${n}`)
    .join(", ")}
  latency ms: p50 ${percentile(sorted, 50).toFixed(0)}, p95 ${percentile(sorted, 95).toFixed(0)}, p99 ${percentile(sorted, 99).toFixed(0)}, max ${(sorted.at(-1) ?? 0).toFixed(0)}
Errors: ${stats.serverErrors.length} server errors (5xx), ${stats.networkErrors.length} network errors
Writes checked: ${checked} acknowledged writes verified in the database, ${problems.length} problems
'database is locked' in the server output: ${locked ? "YES" : "no"}
Server stop (SIGTERM): exit ${code} after ${stopMs} ms`);
  if (stats.missingRoutes.size) {
    console.log(
      `Routes answering 404 (not built yet?): ${[...stats.missingRoutes].sort().join(", ")}`,
    );
  }
  for (const line of [...stats.serverErrors, ...stats.networkErrors, ...problems].slice(0, 20))
    console.log(`  ✗ ${line}`);
  const ok =
    !stats.serverErrors.length &&
    !stats.networkErrors.length &&
    !problems.length &&
    !locked &&
    code === 0 &&
    checked > 0;
  console.log(ok ? "\nSoak passed." : "\nSoak FAILED.");
  return ok ? 0 : 1;
}

main()
  .then((code) => (process.exitCode = code))
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    if (server && server.exitCode === null) server.kill("SIGKILL");
    fs.rmSync(work, { recursive: true, force: true });
  });
