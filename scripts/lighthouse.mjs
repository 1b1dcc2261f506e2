// npm run lighthouse: Lighthouse (mobile preset) on every public page: `/`, `/projects`, the
// first project, `/contact` and `/resume`.
//
// Builds the app unless a build exists, starts the production server on loopback with a freshly
// seeded database, runs Lighthouse 3 times per page in Debian's Chromium (a fresh browser per
// run) and prints, for every run, the four category scores, TBT, LCP, CLS and the JavaScript the
// page downloaded (count and bytes on the wire, from Lighthouse's network records). Writes the
// runs and each page's median run as JSON (--out, default lighthouse-results.json, git-ignored).
// Then it stops.
//
//   npm run lighthouse                       (CHROME_PATH defaults to /usr/bin/chromium)
//   npm run lighthouse -- --runs 5 --pages /,/projects --build
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import {
  ensureBuild,
  firstProjectPath,
  startProductionServer,
} from "./bench/production-server.mjs";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] && !process.argv[i + 1].startsWith("--")
    ? process.argv[i + 1]
    : fallback;
}
const flag = (name) => process.argv.includes(`--${name}`);

async function audit(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** The four scores, the timings and the scripts the page downloaded (Lighthouse's network records). */
function summary(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id];
  const failing = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs)
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  const scripts = (audit("network-requests")?.details?.items ?? []).filter(
    (item) => item.resourceType === "Script",
  );
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    tbtMs: Math.round(audit("total-blocking-time").numericValue),
    lcpMs: Math.round(audit("largest-contentful-paint").numericValue),
    fcpMs: Math.round(audit("first-contentful-paint").numericValue),
    cls: Number(audit("cumulative-layout-shift").numericValue.toFixed(3)),
    scripts: scripts.length,
    // bytes on the wire, compressed as the server sent them (gzip or brotli), headers included
    scriptTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    failing: [...new Set(failing)],
  };
}

const GOALS = { tbtMs: 50, jsTransferBytes: 8 * 1024 };
const allHundred = (r) =>
  r.performance === 100 && r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100;

async function main() {
  if (!fs.existsSync(CHROME_PATH)) {
    console.error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH).`);
    process.exit(1);
  }
  const runs = Number(option("runs", "3"));
  const out = path.resolve(import.meta.dirname, "..", option("out", "lighthouse-results.json"));
  const buildDir = ensureBuild({ force: flag("build") });
  console.log("Starting the production server with a freshly seeded database ...");
  const app = await startProductionServer({ buildDir });
  process.once("SIGINT", () => app.stop().then(() => process.exit(130)));
  const pages = [];
  const loadBefore = os.loadavg()[0].toFixed(1);
  try {
    const detail = await firstProjectPath(app.url);
    const paths = option("pages", `/,/projects,${detail},/contact,/resume`).split(",");
    for (const page of paths) {
      const results = [];
      // A run that never painted (no FCP: Chromium hiccup) is not a measurement: run again,
      // at most `runs` extra times, so every page has `runs` real runs.
      for (let attempt = 1; results.length < runs && attempt <= runs * 2; attempt++) {
        process.stdout.write(`Lighthouse ${page} run ${results.length + 1}/${runs} ...`);
        const lhr = await audit(`${app.url}${page}`);
        if (!lhr.audits["first-contentful-paint"]?.numericValue) {
          process.stdout.write(" no first paint recorded, running again\n");
          continue;
        }
        results.push({ lhr, run: summary(lhr) });
        process.stdout.write(` ${results.at(-1).run.performance}\n`);
      }
      if (results.length === 0) throw new Error(`Lighthouse could not measure ${page}`);
      pages.push({
        page,
        runs: results.map((r) => r.run),
        median: summary(computeMedianRun(results.map((r) => r.lhr))),
      });
    }
  } finally {
    await app.stop();
  }

  const pad = (v, n) => String(v).padStart(n);
  const meta = {
    date: new Date().toISOString(),
    lighthouse: lighthouseVersion(),
    preset: "mobile (default), simulated throttling",
    chrome: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    runs,
    loadBefore,
    loadAfter: os.loadavg()[0].toFixed(1),
  };
  console.log(
    `\nLighthouse ${meta.lighthouse} mobile preset, ${runs} runs per page; load average ` +
      `${meta.loadBefore} before, ${meta.loadAfter} after\n`,
  );
  const head = `${"page".padEnd(16)}${pad("run", 4)}${pad("perf", 6)}${pad("a11y", 6)}${pad("b.p.", 6)}${pad("seo", 6)}${pad("TBT ms", 8)}${pad("LCP ms", 8)}${pad("CLS", 7)}${pad("JS files", 10)}${pad("JS KB", 8)}`;
  console.log(head);
  console.log("-".repeat(head.length));
  for (const { page, runs: results } of pages) {
    results.forEach((r, i) =>
      console.log(
        `${(i === 0 ? page : "").padEnd(16)}${pad(i + 1, 4)}${pad(r.performance, 6)}${pad(r.accessibility, 6)}${pad(r.bestPractices, 6)}${pad(r.seo, 6)}${pad(r.tbtMs, 8)}${pad(r.lcpMs, 8)}${pad(r.cls, 7)}${pad(r.scripts, 10)}${pad((r.scriptTransferBytes / 1024).toFixed(1), 8)}`,
      ),
    );
    const failing = [...new Set(results.flatMap((r) => r.failing))];
    if (failing.length)
      console.log(`${"".padEnd(20)}audits below 1 in a run: ${failing.join(", ")}`);
  }
  console.log(
    "\nJS KB: the scripts the page downloaded, bytes on the wire (compressed as served), from\n" +
      "Lighthouse's network records; inline scripts are part of the HTML.",
  );
  const all = pages.flatMap((p) => p.runs);
  const hundred = pages.filter((p) => p.runs.every(allHundred)).length;
  console.log(
    `Goals: 100/100/100/100 in every run: ${hundred} of ${pages.length} pages; ` +
      `TBT <= ${GOALS.tbtMs} ms in every run: ${all.every((r) => r.tbtMs <= GOALS.tbtMs) ? "met" : "NOT met"} ` +
      `(max ${Math.max(...all.map((r) => r.tbtMs))} ms); scripts <= ${GOALS.jsTransferBytes / 1024} KB: ` +
      `${all.every((r) => r.scriptTransferBytes <= GOALS.jsTransferBytes) ? "met" : "NOT met"} ` +
      `(max ${(Math.max(...all.map((r) => r.scriptTransferBytes)) / 1024).toFixed(1)} KB)`,
  );
  fs.writeFileSync(out, `${JSON.stringify({ meta, pages }, null, 2)}\n`);
  console.log(`Figures written to ${path.relative(process.cwd(), out) || out}`);
}

function lighthouseVersion() {
  try {
    const pkg = path.resolve(import.meta.dirname, "../node_modules/lighthouse/package.json");
    return JSON.parse(fs.readFileSync(pkg, "utf8")).version;
  } catch {
    return "";
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
