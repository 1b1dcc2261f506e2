// What the Docker image does, without a Docker engine: replays the Dockerfile on a fresh copy
// of the committed repository and checks the result like a person running the container would.
//
//   1. `git archive HEAD` into a temp folder, minus what .dockerignore leaves out
//   2. the build stage: `npm ci`, `npm run build`, `npm prune --omit=dev`
//   3. the runtime stage: only the paths its `COPY --from=build` lines name, its ENV, with a
//      temporary folder standing in for the /data volume
//   4. its CMD: the site, /login, /healthz and a social card (/og/home.png) answer, the
//      HEALTHCHECK command passes, the owner (from OWNER_EMAIL/OWNER_PASSWORD) signs in, a backup
//      downloads; SIGTERM exits 0 within 10 s
//   5. a second start on the same data keeps the owner, the session and the content
//   6. a first start on an empty volume with RESTORE_FROM brings that backup back
//
// Usage: node scripts/container-check.mjs [--keep] [--ref HEAD] [--fix-lock]
// (a few minutes; exit 0 = pass). --fix-lock runs `npm install` instead of `npm ci` in the copy,
// for when the committed lock file is out of sync with package.json (npm ci then refuses).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";

const repo = path.resolve(import.meta.dirname, "..");
const keep = process.argv.includes("--keep");
const fixLock = process.argv.includes("--fix-lock");
// The image's npm: node:20-bookworm-slim ships npm 10. npm 11 checks optional dependencies of
// other platforms in package-lock.json more strictly, so a newer local npm is swapped for npm 10.
const npmMajor = Number(execFileSync("npm", ["--version"], { encoding: "utf8" }).split(".")[0]);
const npm = npmMajor === 10 ? ["npm"] : ["npx", "--yes", "npm@10"];
const refIndex = process.argv.indexOf("--ref");
const ref = refIndex >= 0 ? process.argv[refIndex + 1] : "HEAD";
const OWNER = { email: "container-owner@example.com", password: "container-check-password" };

const started = Date.now();
const timings = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), "folio-container-"));
const src = path.join(work, "src");
const image = path.join(work, "image");
const children = new Set();

function step(name, fn) {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  const result = fn();
  const finish = () => timings.push([name, ((Date.now() - t) / 1000).toFixed(1)]);
  if (result instanceof Promise) return result.finally(finish);
  finish();
  return result;
}

function check(condition, message) {
  if (!condition) throw new Error(`Check failed: ${message}`);
  console.log(`  ✓ ${message}`);
}

/** The Dockerfile as stages of [instruction, argument] (continuations joined, comments dropped). */
function parseDockerfile(text) {
  const lines = text.replace(/\\\r?\n/g, " ").split(/\r?\n/);
  const stages = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const [, instr, arg] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!instr) continue;
    if (instr.toUpperCase() === "FROM") stages.push({ from: arg, steps: [] });
    else stages.at(-1)?.steps.push([instr.toUpperCase(), arg.trim()]);
  }
  return stages;
}

/** ENV lines (`K=V K2=V2` form) of a stage. */
function envOf(stage) {
  const env = {};
  for (const [instr, arg] of stage.steps) {
    if (instr !== "ENV") continue;
    for (const m of arg.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[m[1]] = m[2].replace(/^"|"$/g, "");
  }
  return env;
}

/** Top-level .dockerignore patterns (Docker matches `*.md` at the root only, like this). */
function applyDockerignore(dir) {
  const file = path.join(dir, ".dockerignore");
  if (!fs.existsSync(file)) return [];
  const patterns = fs
    .readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#") && !l.startsWith("!"));
  const toRegex = (p) =>
    new RegExp(
      `^${p
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, "[^/]*")
        .replace(/\?/g, "[^/]")}$`,
    );
  const removed = [];
  for (const name of fs.readdirSync(dir)) {
    if (patterns.some((p) => toRegex(p.replace(/^\/|\/$/g, "")).test(name))) {
      fs.rmSync(path.join(dir, name), { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

/** A clean environment: nothing of this checkout's test settings leaks into the "container". */
function baseEnv(extra) {
  const env = { ...process.env };
  for (const k of Object.keys(env)) {
    if (
      /^(FOLIO_|E2E_|DATABASE_URL$|UPLOADS_DIR$|OWNER_|SESSION_SECRET$|RATE_LIMIT|BACKUP_|RESTORE_FROM$|API_TOKEN$|PORT$|HOST$|NODE_ENV$)/.test(
        k,
      )
    )
      delete env[k];
  }
  return { ...env, ...extra };
}

function run(cmd, args, opts) {
  const result = spawnSync(cmd, args, { stdio: "inherit", ...opts });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${result.status})`);
}

/** Starts the image's CMD; resolves once /healthz answers 200. */
async function startContainer(runtimeEnv, cmd, dataDir, extraEnv = {}) {
  const port = await freePort();
  const env = baseEnv({
    ...runtimeEnv,
    DATABASE_URL: `file:${path.join(dataDir, "folio.db")}`,
    UPLOADS_DIR: path.join(dataDir, "uploads"),
    HOST: "127.0.0.1",
    PORT: String(port),
    SESSION_SECRET: "container-check-session-secret",
    ...extraEnv,
  });
  const child = spawn(cmd[0], cmd.slice(1), { cwd: image, env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    env,
    output: () => output,
    async stop() {
      const t = Date.now();
      child.kill("SIGTERM");
      const code = await Promise.race([
        exited,
        new Promise((r) => setTimeout(() => r("timeout"), 12_000)),
      ]);
      children.delete(child);
      if (code === "timeout") child.kill("SIGKILL");
      return { code, ms: Date.now() - t };
    },
  };
}

async function signIn(url) {
  const res = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", ...OWNER }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: res.status, location: res.headers.get("location"), cookie };
}

async function main() {
  const dockerfile = fs.readFileSync(path.join(repo, "Dockerfile"), "utf8");
  const stages = parseDockerfile(dockerfile);
  check(stages.length >= 2, "the Dockerfile is multi-stage");
  check(
    stages.every((s) => s.from.startsWith("node:20-bookworm-slim")),
    "every stage is node:20-bookworm-slim",
  );
  const [buildStage, runtime] = [stages[0], stages.at(-1)];
  const cmdLine = runtime.steps.findLast(([i]) => i === "CMD")?.[1];
  const cmd = JSON.parse(cmdLine ?? "null");
  check(Array.isArray(cmd), `the CMD is in exec form: ${cmdLine}`);
  const user = runtime.steps.findLast(([i]) => i === "USER")?.[1];
  check(user && user !== "root" && user !== "0", `the runtime runs as a non-root user (${user})`);
  const health = runtime.steps.find(([i]) => i === "HEALTHCHECK")?.[1] ?? "";
  check(health.includes("/healthz"), "a HEALTHCHECK probes /healthz");
  const healthCmd = JSON.parse(/CMD\s+(\[.*\])\s*$/.exec(health)?.[1] ?? "null");
  const runtimeEnv = envOf(runtime);
  check(
    runtimeEnv.DATABASE_URL === "file:/data/folio.db",
    "the database lives on the /data volume",
  );
  check(runtimeEnv.UPLOADS_DIR?.startsWith("/data/"), "uploads live on the /data volume");
  check(
    runtime.steps.some(
      ([i, arg]) => i === "RUN" && /apt-get install .*fonts-dejavu-core/.test(arg),
    ),
    "the runtime installs fonts for the social cards (fonts-dejavu-core)",
  );

  await step("fresh copy of the committed repository (git archive) minus .dockerignore", () => {
    fs.mkdirSync(src);
    const archive = execFileSync("git", ["archive", "--format=tar", ref], {
      cwd: repo,
      maxBuffer: 1 << 30,
    });
    execFileSync("tar", ["-x", "-C", src], { input: archive });
    const removed = applyDockerignore(src);
    console.log(`  left out: ${removed.join(", ") || "nothing"}`);
    check(
      !fs.existsSync(path.join(src, ".git")) && !fs.existsSync(path.join(src, "tests")),
      "no .git and no tests in the build context",
    );
  });

  const buildEnv = baseEnv(envOf(buildStage));
  // `npm ci`, or with --fix-lock `npm install` (which tolerates a lock file out of sync).
  const install = fixLock ? ["install"] : ["ci"];
  console.log(
    `\nnpm: ${npm.join(" ")} (${npmMajor === 10 ? "local" : `local npm is ${npmMajor}`})`,
  );
  await step(`build stage: npm ${install[0]} (better-sqlite3 may compile from source)`, () =>
    run(npm[0], [...npm.slice(1), ...install, "--no-audit", "--no-fund"], {
      cwd: src,
      env: buildEnv,
    }),
  );
  await step("build stage: npm run build", () =>
    run(npm[0], [...npm.slice(1), "run", "build"], { cwd: src, env: buildEnv }),
  );
  await step("build stage: npm prune --omit=dev", () =>
    run(npm[0], [...npm.slice(1), "prune", "--omit=dev", "--no-audit", "--no-fund"], {
      cwd: src,
      env: buildEnv,
    }),
  );

  await step("runtime stage: the paths of its COPY --from=build lines", () => {
    fs.mkdirSync(image);
    for (const [instr, arg] of runtime.steps) {
      if (instr !== "COPY") continue;
      const parts = arg.split(/\s+/).filter((p) => !p.startsWith("--"));
      check(/--from=build/.test(arg), `runtime COPY takes build output only: ${arg}`);
      const dest = parts.pop();
      for (const from of parts) {
        const rel = path.relative("/app", from);
        const target = dest.endsWith("/")
          ? path.join(image, dest, path.basename(rel))
          : path.join(image, dest);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        // Hard links: instant, and the copy behaves exactly like the files it names.
        execFileSync("cp", ["-al", path.join(src, rel), target]);
      }
    }
    for (const dev of ["vitest", "@playwright/test", "vite", "@remix-run/dev", "eslint"]) {
      check(!fs.existsSync(path.join(image, "node_modules", dev)), `no dev dependency ${dev}`);
    }
    for (const needed of ["prisma", "tsx", "better-sqlite3", "tar"]) {
      check(
        fs.existsSync(path.join(image, "node_modules", needed)),
        `production dependency ${needed} kept`,
      );
    }
    check(
      fs.existsSync(path.join(image, "build/server/index.js")),
      "the production build is in the image",
    );
  });

  const data = path.join(work, "data");
  fs.mkdirSync(path.join(data, "uploads"), { recursive: true });
  const ownerEnv = { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password };
  let cookie = "";
  const backupFile = path.join(work, "backup.tar.gz");

  await step(
    "first start: migrations, owner from the environment, site, health, sign-in",
    async () => {
      const c = await startContainer(runtimeEnv, cmd, data, ownerEnv);
      try {
        check(
          fs.existsSync(path.join(data, "folio.db")),
          "the database was created on the data volume",
        );
        const home = await fetch(`${c.url}/`);
        check(
          home.status === 200 && (await home.text()).includes("<html"),
          "/ answers 200 with a page",
        );
        const login = await fetch(`${c.url}/login`);
        check(login.status === 200, "/login answers 200");
        const card = await fetch(`${c.url}/og/home.png`);
        const cardBytes = Buffer.from(await card.arrayBuffer());
        check(
          card.status === 200 &&
            card.headers.get("content-type") === "image/png" &&
            cardBytes.subarray(1, 4).toString() === "PNG" &&
            cardBytes.readUInt32BE(16) === 1200 &&
            cardBytes.readUInt32BE(20) === 630,
          "/og/home.png answers a 1200×630 PNG (the social card)",
        );
        check(
          fs.readdirSync(path.join(data, "social-cards")).some((n) => n.endsWith(".png")),
          "the social card is cached on the data volume",
        );
        const health = await fetch(`${c.url}/healthz`);
        check(health.ok && (await health.json()).ok === true, "/healthz answers ok");
        const hc = spawnSync(healthCmd[0], healthCmd.slice(1), { cwd: image, env: c.env });
        check(hc.status === 0, "the HEALTHCHECK command exits 0");
        check(
          /Owner account created/.test(c.output()),
          "the owner was created from OWNER_EMAIL/OWNER_PASSWORD",
        );
        const s = await signIn(c.url);
        check(s.status === 302 && s.location === "/dashboard", "the owner signs in");
        cookie = s.cookie;
        const dash = await fetch(`${c.url}/dashboard`, {
          headers: { Cookie: cookie },
          redirect: "manual",
        });
        check(dash.status === 200, "the dashboard opens for the owner");
        fs.writeFileSync(path.join(data, "uploads", "marker.txt"), "kept across restarts");
        const backup = await fetch(`${c.url}/dashboard/admin/backup/download`, {
          headers: { Cookie: cookie },
        });
        check(backup.status === 200, "the owner downloads a backup");
        fs.writeFileSync(backupFile, Buffer.from(await backup.arrayBuffer()));
        check(
          fs
            .readFileSync(backupFile)
            .subarray(0, 2)
            .equals(Buffer.from([0x1f, 0x8b])),
          "the backup is a gzip file",
        );
      } finally {
        const { code, ms } = await c.stop();
        check(code === 0 && ms < 10_000, `SIGTERM: exit code ${code} after ${ms} ms`);
      }
    },
  );

  await step("second start on the same data: everything kept", async () => {
    const c = await startContainer(runtimeEnv, cmd, data, ownerEnv);
    try {
      check(!/Owner account created/.test(c.output()), "no second owner is created");
      const dash = await fetch(`${c.url}/dashboard`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      check(dash.status === 200, "the session from the first start still works");
      check((await signIn(c.url)).status === 302, "the owner signs in again");
      check(
        fs.readFileSync(path.join(data, "uploads", "marker.txt"), "utf8") ===
          "kept across restarts",
        "uploads are kept",
      );
      check((await fetch(`${c.url}/`)).status === 200, "/ answers 200");
    } finally {
      const { code, ms } = await c.stop();
      check(code === 0 && ms < 10_000, `SIGTERM: exit code ${code} after ${ms} ms`);
    }
  });

  await step("first start on an empty volume with RESTORE_FROM", async () => {
    const fresh = path.join(work, "data-restored");
    fs.mkdirSync(path.join(fresh, "uploads"), { recursive: true });
    const c = await startContainer(runtimeEnv, cmd, fresh, { RESTORE_FROM: backupFile });
    try {
      check((await signIn(c.url)).status === 302, "the owner of the backup signs in");
      check(
        fs.readFileSync(path.join(fresh, "uploads", "marker.txt"), "utf8") ===
          "kept across restarts",
        "the uploads are restored",
      );
    } finally {
      const { code } = await c.stop();
      check(code === 0, "SIGTERM: exit code 0");
    }
  });
}

try {
  await main();
  console.log("\nContainer check passed.");
} catch (error) {
  console.error(`\n✗ ${error.message}`);
  process.exitCode = 1;
} finally {
  for (const child of children) child.kill("SIGKILL");
  console.log("\nStep timings (s):");
  for (const [name, s] of timings) console.log(`  ${s.padStart(6)}  ${name}`);
  console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)}  total`);
  if (keep) console.log(`Kept: ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
}
