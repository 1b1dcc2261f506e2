// `npm test`: everything CI checks, in order, failing fast: Chromium present, typecheck, lint,
// production build, unit + integration tests (Vitest), end-to-end tests (Playwright).
// Ends with one summary line: "N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(
    `\nChromium is required for the end-to-end tests and was not found at ${chromium}.\n` +
      `Install Debian's Chromium:  sudo apt-get update && sudo apt-get install -y chromium\n` +
      `(or set CHROME_PATH to a Chromium binary), then run npm test again.\n`,
  );
  process.exit(1);
}

const reports = path.resolve("tests/.tmp/reports");
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const vitestJson = path.join(reports, "vitest.json");
const playwrightJson = path.join(reports, "playwright.json");

const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["build", "npm", ["run", "build"]],
  [
    "unit + integration",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
  ],
  [
    "end-to-end",
    "node",
    ["tests/e2e/run.mjs", "--reporter=list,json"],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  ],
];

const timings = [];
let failedStep = null;
for (const [name, cmd, args, extraEnv = {}] of steps) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...extraEnv } });
  timings.push([name, ((Date.now() - started) / 1000).toFixed(1)]);
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(vitestJson)) {
  const v = JSON.parse(fs.readFileSync(vitestJson, "utf8"));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (fs.existsSync(playwrightJson)) {
  const p = JSON.parse(fs.readFileSync(playwrightJson, "utf8"));
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += p.stats?.unexpected ?? 0;
  skipped += p.stats?.skipped ?? 0;
}
console.log("\nStep timings (s):");
for (const [name, s] of timings) console.log(`  ${name.padEnd(20)} ${s}`);
if (failedStep) {
  console.log(`\n✗ ${failedStep} failed`);
  if (failed === 0) failed = 1;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);
