// npm run bench: the cached public pages next to a static server answering the same bytes.
//
// Builds the app (unless a build exists), starts the production server on loopback with a freshly
// seeded database, captures the exact answer (headers and encoded bytes) of `/`, `/projects` and
// the first project for a browser's `Accept-Encoding: br, gzip`, once each is stored, and starts
// a static server replaying those answers IN ITS OWN PROCESS (scripts/bench/static-server.mjs).
// Then, page by page, a small keep-alive load generator (scripts/bench/load.mjs) loads Folio
// and the static copy in turns, A B B A (--duration s for each server in all, --connections
// connections); a "revalidate" row sends If-None-Match with the first page's ETag (the 304
// path) when Folio sends one. For each: req/s, p50/p99 latency, errors (failed requests and
// unexpected statuses), the server process's CPU time per answer (/proc/<pid>/stat) and bytes
// per answer. Prints a table, writes the figures as JSON (--out, default bench-results.json,
// git-ignored) and stops everything it started.
//
//   npm run bench
//   npm run bench -- --duration 5 --connections 50 --pages /,/projects --build
//   --encoding "br, gzip"   the Accept-Encoding sent (default, as a browser); "none": no header
//   --no-log      without the request log (by default it is on, as in production, written to a
//                 file as a container's log is); the rate limit always counts every request
//   FOLIO_PAGE_CACHE=0 npm run bench    the same without Folio's page cache
//   --compare FOLIO_VISIT_STATS=0   instead of the static copy, a second Folio server started with
//                 that setting changed (KEY=VALUE, repeatable as KEY=VALUE,KEY2=VALUE2): e.g. the
//                 cached pages with visit statistics on (the first server) and off, side by side
//   --rounds N    the A B B A turns taken N times, each turn duration/(2N) s (default: 1; 5 with
//                 --compare, whose goal is a 5 % difference on a machine that swings by more)
//   --user-agent  the User-Agent sent (default: a desktop Chrome's, so the visit statistics count
//                 the load as a visitor's, as they would a real one's; "none": no header)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { javascriptOf } from "./bench/javascript.mjs";
import { measurePair, warmUp } from "./bench/load.mjs";
import {
  ensureBuild,
  firstProjectPath,
  startProductionServer,
  CHROME_UA,
  productionLikeEnv,
} from "./bench/production-server.mjs";
import { headerOf, rawGet } from "./bench/raw-response.mjs";
import { startStaticServer } from "./bench/static-server.mjs";

const root = path.resolve(import.meta.dirname, "..");

// The issue's goals (#16), printed next to the figures.
const GOALS = { ratio: 0.8, p99Ms: 20, jsGzipBytes: 8 * 1024 };
// With --compare: the first server's req/s at least this share of the second's (#18: visit
// statistics on within 5 % of off).
const COMPARE_RATIO = 0.95;

/** `--compare KEY=VALUE[,KEY=VALUE]` as an env object, or undefined. */
function compareEnv(value) {
  if (value === undefined) return undefined;
  const env = {};
  for (const pair of value.split(",")) {
    const eq = pair.indexOf("=");
    if (eq <= 0) {
      console.error(`--compare takes KEY=VALUE pairs, not "${pair}"`);
      process.exit(2);
    }
    env[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return env;
}

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined && !process.argv[i + 1].startsWith("--")
    ? process.argv[i + 1]
    : fallback;
}
const flag = (name) => process.argv.includes(`--${name}`);

function positive(name, fallback) {
  const value = Number(option(name, fallback));
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} must be a positive number`);
    process.exit(2);
  }
  return value;
}

function gitCommit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: root,
      encoding: "utf8",
    }).trim();
  } catch {
    return null;
  }
}

const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const pad = (v, n) => String(v).padStart(n);
const us = (v) => (v === null ? "n/a" : v.toFixed(0));
const ms = (v) => (v === null ? "n/a" : v.toFixed(1));

function printTable(rows, meta) {
  const other = meta.compare ? "B" : "static";
  const goalRatio = meta.compare ? COMPARE_RATIO : GOALS.ratio;
  console.log(
    `\n${meta.connections} connections, ${meta.duration} s per target` +
      `${meta.rounds > 1 ? ` in ${meta.rounds} rounds of A B B A` : ""}, Accept-Encoding: ` +
      `${meta.encoding}; request log ${meta.requestLog ? "on" : "off"}; Node ${meta.node}, ${meta.cpus} CPU, load average ` +
      `${meta.loadBefore} before, ${meta.loadAfter} after; commit ${meta.commit}\n`,
  );
  const head =
    `${"target".padEnd(22)}|${pad("req/s", 7)}${pad("p50", 7)}${pad("p99", 7)}${pad("err", 5)}` +
    `${pad("cpu µs", 8)}${pad("B/resp", 8)} |${pad(other, 7)}${pad("p50", 7)}${pad("p99", 7)}` +
    `${pad("cpu µs", 8)} |${pad("ratio", 6)}${pad("goals", 7)}`;
  console.log(head);
  console.log("-".repeat(head.length));
  for (const r of rows) {
    const { folio: f, static: s } = r;
    console.log(
      `${r.target.padEnd(22)}|${pad(f.rps.toFixed(0), 7)}${pad(ms(f.p50), 7)}${pad(ms(f.p99), 7)}` +
        `${pad(f.errors, 5)}${pad(us(f.cpuUsPerRequest), 8)}${pad(f.bytesPerResponse, 8)} |` +
        `${pad(s.rps.toFixed(0), 7)}${pad(ms(s.p50), 7)}${pad(ms(s.p99), 7)}${pad(us(s.cpuUsPerRequest), 8)} |` +
        `${pad(r.ratio.toFixed(2), 6)}${pad(r.goalsMet ? "met" : "NOT", 7)}`,
    );
    if (r.roundRatios.length > 1)
      console.log(
        `  ratio per round (${r.roundRatios.length}): ` +
          `${Math.min(...r.roundRatios).toFixed(2)}–${Math.max(...r.roundRatios).toFixed(2)}, ` +
          `median ${median(r.roundRatios).toFixed(2)}`,
      );
    if (f.reconnects)
      console.log(`  ! Folio closed the connection after ${f.reconnects} of ${f.requests} answers`);
  }
  console.log(
    `\nreq/s, p50/p99 latency (ms) and errors under load; cpu µs: the server process's CPU time\n` +
      `(user + system, all threads) per answer, the steadiest figure on a shared machine;\n` +
      `B/resp: bytes read per answer (headers + body); ratio: Folio req/s / ${other} req/s.\n` +
      (meta.compare
        ? `B: Folio with ${Object.entries(meta.compare)
            .map(([k, v]) => `${k}=${v}`)
            .join(", ")}. Goal: ratio >= ${goalRatio}, 0 errors.`
        : `Goals: ratio >= ${goalRatio}, p99 <= ${GOALS.p99Ms} ms, 0 errors.`),
  );
}

/**
 * What a visitor gets once the page is stored: the first answer fills the page cache (made
 * ready in the background: compression), so ask again until one says X-Folio-Cache: hit
 * (at most 3 s; a server without that header: its second answer).
 */
async function cachedAnswer(url, headers) {
  let answer = await rawGet(url, headers);
  for (let attempt = 0; attempt < 60; attempt++) {
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    const cache = headerOf(answer.headers, "x-folio-cache");
    if (cache === "hit" || (cache === undefined && attempt > 0)) return answer;
    await new Promise((r) => setTimeout(r, 50));
    answer = await rawGet(url, headers);
  }
  console.log(`  ! ${url} was never answered from the page cache`);
  return answer;
}

async function main() {
  const duration = positive("duration", "5");
  const connections = positive("connections", "50");
  const encoding = option("encoding", "br, gzip");
  const userAgent = option("user-agent", CHROME_UA);
  const headers = {
    ...(encoding === "none" ? {} : { "accept-encoding": encoding }),
    ...(userAgent === "none" ? {} : { "user-agent": userAgent }),
  };
  const compare = compareEnv(option("compare"));
  const rounds = Math.round(positive("rounds", compare ? "5" : "1"));
  const out = path.resolve(root, option("out", "bench-results.json"));
  const buildDir = ensureBuild({ force: flag("build") });

  console.log("Starting the production server with a freshly seeded database ...");
  // As in production: the request log on (unless --no-log), the rate limit counting.
  const requestLog = !flag("no-log");
  const serverEnv = productionLikeEnv({ requestLog });
  const app = await startProductionServer({ buildDir, extraEnv: serverEnv });
  let ceiling;
  const stopAll = () => Promise.allSettled([app.stop(), ceiling?.stop()]);
  process.once("SIGINT", () => stopAll().then(() => process.exit(130)));
  try {
    const detail = await firstProjectPath(app.url);
    const pages = option("pages", `/,/projects,${detail}`).split(",");

    const answers = {};
    for (const p of pages) answers[p] = await cachedAnswer(`${app.url}${p}`, headers);
    if (compare) {
      console.log(`Starting a second production server with ${option("compare")} ...`);
      ceiling = await startProductionServer({ buildDir, extraEnv: { ...serverEnv, ...compare } });
      for (const p of pages) await cachedAnswer(`${ceiling.url}${p}`, headers);
    } else {
      ceiling = await startStaticServer(answers);
    }

    const meta = {
      date: new Date().toISOString(),
      commit: gitCommit(),
      node: process.version,
      cpus: os.cpus().length,
      loadBefore: os.loadavg()[0].toFixed(1),
      duration,
      connections,
      rounds,
      encoding,
      requestLog,
      pageCache: process.env.FOLIO_PAGE_CACHE !== "0",
      userAgent: userAgent === "none" ? null : userAgent,
      compare: compare ?? null,
    };
    const targets = pages.map((p) => ({ target: p, page: p, headers, expectStatus: 200 }));
    const etag = headerOf(answers[pages[0]].headers, "etag");
    if (etag && !flag("no-revalidate"))
      targets.push({
        target: `${pages[0]} revalidate 304`,
        page: pages[0],
        headers: { ...headers, "if-none-match": etag },
        expectStatus: 304,
      });

    const rows = [];
    for (const t of targets) {
      process.stdout.write(`Measuring ${t.target} ...`);
      const options = {
        duration,
        connections,
        rounds,
        headers: t.headers,
        expectStatus: t.expectStatus,
      };
      await warmUp(`${app.url}${t.page}`, t.headers, t.expectStatus);
      await warmUp(`${ceiling.url}${t.page}`, t.headers, t.expectStatus);
      const {
        a: folio,
        b: staticResult,
        roundRatios,
      } = await measurePair(
        { url: `${app.url}${t.page}`, pid: app.pid },
        { url: `${ceiling.url}${t.page}`, pid: ceiling.pid },
        options,
      );
      process.stdout.write(" done\n");
      const ratio = staticResult.rps ? folio.rps / staticResult.rps : 0;
      rows.push({
        target: t.target,
        page: t.page,
        status: t.expectStatus,
        folio,
        static: staticResult,
        ratio,
        roundRatios,
        goalsMet: compare
          ? ratio >= COMPARE_RATIO && folio.errors === 0 && staticResult.errors === 0
          : ratio >= GOALS.ratio && folio.p99 <= GOALS.p99Ms && folio.errors === 0,
      });
    }
    meta.loadAfter = os.loadavg()[0].toFixed(1);
    printTable(rows, meta);

    const pagesInfo = {};
    console.log("");
    for (const p of pages) {
      const a = answers[p];
      const js = await javascriptOf(app.url, p);
      pagesInfo[p] = {
        contentEncoding: headerOf(a.headers, "content-encoding") ?? "identity",
        bodyBytes: a.body.length,
        etag: headerOf(a.headers, "etag") ?? null,
        cache: headerOf(a.headers, "x-folio-cache") ?? null,
        cacheControl: headerOf(a.headers, "cache-control") ?? null,
        javascript: js,
      };
      const info = pagesInfo[p];
      console.log(
        `${p}: body ${info.bodyBytes} B ${info.contentEncoding}, ETag ${info.etag ? "yes" : "no"}, ` +
          `X-Folio-Cache ${info.cache ?? "-"}; JavaScript ${js.files} files, ` +
          `${(js.gzip / 1024).toFixed(1)} KB gzip (goal <= ${GOALS.jsGzipBytes / 1024} KB: ` +
          `${js.gzip <= GOALS.jsGzipBytes ? "met" : "NOT met"})`,
      );
    }
    if (!etag) console.log(`No ETag on ${pages[0]}: no revalidate (304) row.`);
    const pageRows = rows.filter((r) => r.status === 200);
    console.log(
      (compare
        ? `Goal on the pages (ratio >= ${COMPARE_RATIO}, 0 errors): `
        : `Goals on the pages (ratio >= ${GOALS.ratio}, p99 <= ${GOALS.p99Ms} ms, 0 errors): `) +
        (pageRows.every((r) => r.goalsMet)
          ? "met on every page"
          : `NOT met on ${pageRows
              .filter((r) => !r.goalsMet)
              .map((r) => r.target)
              .join(", ")}`),
    );
    fs.writeFileSync(out, `${JSON.stringify({ meta, rows, pages: pagesInfo }, null, 2)}\n`);
    console.log(`Figures written to ${path.relative(process.cwd(), out) || out}`);
  } finally {
    await stopAll();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
