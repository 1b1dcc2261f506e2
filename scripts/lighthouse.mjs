// npm run lighthouse: Lighthouse (mobile preset) on `/`, `/projects` and a project detail.
//
// Builds the app unless a build exists, starts the production server on loopback with a freshly
// seeded database, runs Lighthouse 3 times per page in Debian's Chromium and prints the median
// run's four category scores with LCP, CLS and TBT. Then it stops.
//
//   npm run lighthouse                       (CHROME_PATH defaults to /usr/bin/chromium)
//   npm run lighthouse -- --runs 5 --pages /,/projects --build --json
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { ensureBuild, firstProjectPath, startProductionServer } from "./bench.mjs";

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

function summary(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id];
  const failing = Object.values(lhr.categories)
    .filter((c) => c.id !== "performance")
    .flatMap((c) => c.auditRefs)
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(audit("largest-contentful-paint").numericValue),
    cls: Number(audit("cumulative-layout-shift").numericValue.toFixed(3)),
    tbtMs: Math.round(audit("total-blocking-time").numericValue),
    fcpMs: Math.round(audit("first-contentful-paint").numericValue),
    failing: [...new Set(failing)],
  };
}

async function main() {
  if (!fs.existsSync(CHROME_PATH)) {
    console.error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH).`);
    process.exit(1);
  }
  const runs = Number(option("runs", "3"));
  const buildDir = ensureBuild({ force: flag("build") });
  console.log("Starting the production server with a freshly seeded database ...");
  const app = await startProductionServer({ buildDir });
  process.once("SIGINT", () => app.stop().then(() => process.exit(130)));
  const rows = [];
  try {
    const detail = await firstProjectPath(app.url);
    const pages = option("pages", `/,/projects,${detail}`).split(",");
    for (const page of pages) {
      const lhrs = [];
      // A run that never painted (no FCP: Chromium hiccup) is not a measurement: run again,
      // at most `runs` extra times, so the median is always over `runs` real runs.
      for (let attempt = 1; lhrs.length < runs && attempt <= runs * 2; attempt++) {
        process.stdout.write(`Lighthouse ${page} run ${lhrs.length + 1}/${runs} ...`);
        const lhr = await audit(`${app.url}${page}`);
        if (!lhr.audits["first-contentful-paint"]?.numericValue) {
          process.stdout.write(" no first paint recorded, running again\n");
          continue;
        }
        lhrs.push(lhr);
        process.stdout.write(` ${Math.round(lhr.categories.performance.score * 100)}\n`);
      }
      if (lhrs.length === 0) throw new Error(`Lighthouse could not measure ${page}`);
      rows.push({ page, ...summary(computeMedianRun(lhrs)) });
    }
  } finally {
    await app.stop();
  }

  const pad = (v, n) => String(v).padStart(n);
  console.log(`\nLighthouse ${lighthouseVersion()} mobile preset, median of ${runs} runs\n`);
  const head = `${"page".padEnd(16)}${pad("perf", 6)}${pad("a11y", 6)}${pad("b.p.", 6)}${pad("seo", 6)}${pad("LCP ms", 9)}${pad("CLS", 7)}${pad("TBT ms", 8)}${pad("FCP ms", 8)}`;
  console.log(head);
  console.log("-".repeat(head.length));
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(16)}${pad(r.performance, 6)}${pad(r.accessibility, 6)}${pad(r.bestPractices, 6)}${pad(r.seo, 6)}${pad(r.lcpMs, 9)}${pad(r.cls, 7)}${pad(r.tbtMs, 8)}${pad(r.fcpMs, 8)}`,
    );
    if (r.failing.length) console.log(`  failing audits: ${r.failing.join(", ")}`);
  }
  const goal = rows.every(
    (r) =>
      r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100 && r.performance >= 95,
  );
  console.log(
    `\nGoal (100 accessibility, best practices and SEO; performance >= 95): ${goal ? "met" : "NOT met"}`,
  );
  if (flag("json")) console.log(JSON.stringify(rows, null, 2));
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
