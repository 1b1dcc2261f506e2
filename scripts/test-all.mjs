// `npm test`: everything CI checks, failing fast: Chromium present, typecheck, lint, production
// build, unit + integration tests (Vitest), end-to-end tests (Playwright).
// Independent steps overlap (the machine is often waiting on a server, a browser or a timer, not
// computing): the build first, then typecheck, lint, Vitest and Playwright side by side; the
// first failure stops the others. Each line of a step's output is prefixed with its name.
// Ends with the step timings and one summary line: "N passed, N failed, N skipped".
// TEST_SERIAL=1 runs the steps one after another instead (for comparing, or a smaller machine).
import { spawn } from "node:child_process";
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
const bin = (name) => path.resolve("node_modules/.bin", name);

/**
 * Each phase's steps run side by side; a phase starts when the one before has passed. The build
 * (which also generates the Prisma client) comes first: the tests run against it, and the
 * typecheck reads the generated client.
 */
const phases = [
  [["build", "npm", ["run", "build"]]],
  [
    ["typecheck", bin("tsc"), ["--noEmit"]],
    ["lint", "npm", ["run", "lint"]],
    [
      "unit + integration",
      bin("vitest"),
      ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
    ],
    [
      "end-to-end",
      process.execPath,
      ["tests/e2e/run.mjs", "--reporter=list,json"],
      // Its own scratch folder: Vitest's setup clears the databases in tests/.tmp meanwhile.
      { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, FOLIO_TEST_TMP: "tests/.tmp-e2e" },
    ],
  ],
];
const serial = process.env.TEST_SERIAL === "1";
const running = new Set();

/** Runs one step, its output prefixed line by line; resolves with its exit status. */
function runStep([name, cmd, args, extraEnv = {}], prefix) {
  console.log(`\n▶ ${name}: ${path.basename(cmd)} ${args.join(" ")}`);
  const started = Date.now();
  const child = spawn(cmd, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0", ...extraEnv },
    detached: true, // its own process group, so a failing sibling can stop it with its children
  });
  running.add(child);
  const label = prefix ? `[${name}] ` : "";
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop();
      for (const line of lines) out.write(`${label}${line}\n`);
    });
    stream.on("end", () => rest && out.write(`${label}${rest}\n`));
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      running.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`■ ${name}: ${code === 0 ? "passed" : "FAILED"} in ${seconds} s`);
      resolve({ name, ok: code === 0, seconds, stopped: signal !== null });
    });
  });
}

// SIGINT, not SIGTERM: Playwright stops its web servers (their own process groups) on SIGINT
// only; on SIGTERM it dies at once and leaves them holding their ports.
function stopOthers() {
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGINT");
    } catch {
      // already gone
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopOthers();
    process.exit(130);
  });
}

const started = Date.now();
const timings = [];
let failedStep = null;
for (const phase of phases) {
  const results = [];
  if (serial || phase.length === 1) {
    for (const step of phase) {
      const result = await runStep(step, false);
      results.push(result);
      if (!result.ok) break;
    }
  } else {
    await Promise.all(
      phase.map((step) =>
        runStep(step, true).then((result) => {
          results.push(result);
          if (!result.ok && !failedStep) {
            failedStep = result.name;
            stopOthers();
          }
          return result;
        }),
      ),
    );
  }
  for (const r of results) timings.push([r.stopped ? `${r.name} (stopped)` : r.name, r.seconds]);
  const failed = results.find((r) => !r.ok && !r.stopped) ?? results.find((r) => !r.ok);
  if (failed) {
    failedStep ??= failed.name;
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
for (const [name, s] of timings) console.log(`  ${name.padEnd(28)} ${s}`);
console.log(`  ${"total (wall clock)".padEnd(28)} ${((Date.now() - started) / 1000).toFixed(1)}`);
if (failedStep) {
  console.log(`\n✗ ${failedStep} failed`);
  if (failed === 0) failed = 1;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);
