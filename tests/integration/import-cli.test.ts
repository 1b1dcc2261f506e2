// `npm run import` as an owner runs it (issue 15): the real command in a child process against a
// fresh database, reading the fake old backend on loopback (its lists, images on its own host, a
// 404 image, a dead host) and then the same content as a mongoexport folder. Checks the content
// and its quirks, the images stored and served by Folio, no duplicates on a second run, the folder
// updating what the URL brought, the dry run writing nothing, the backend only ever read, and the
// failures (unreachable backend, missing folder, bad arguments) changing nothing.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesUnder } from "../fixtures/images";
import { createTestDatabase } from "../support/database";
import {
  OLD_IDS,
  oldBackendLists,
  startFakeOldBackend,
  type FakeOldBackend,
} from "../support/fake-old-backend";
import { ROOT, TMP } from "../support/paths";
import { startTestServer, type TestServer } from "../support/server";

const FIXTURE = path.join(ROOT, "tests/fixtures/mongoexport");
const run = crypto.randomBytes(4).toString("hex");
const uploadsDir = path.join(TMP, `uploads-import-cli-${run}`);
const backupDir = path.join(TMP, `backups-import-cli-${run}`);
const exportDir = path.join(TMP, `mongoexport-${run}`);
let db: { file: string; url: string };
let backend: FakeOldBackend;

type CliRun = { code: number | null; stdout: string; stderr: string };

/** Runs `npm run import -- ...args` (tsx scripts/import.ts) on the test database; never blocks. */
function importCli(...args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/import.ts", ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        SESSION_SECRET: "import-cli-test-secret",
        DATABASE_URL: db.url,
        UPLOADS_DIR: uploadsDir,
        BACKUP_DIR: backupDir,
        IMPORT_TIMEOUT_MS: "3000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const TABLES = [
  "Profile",
  "Skill",
  "Category",
  "Service",
  "Project",
  "ProjectImage",
  "Education",
  "Experience",
  "UploadedImage",
  "ImportLink",
] as const;

function query<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[] {
  const sqlite = new Database(db.file, { readonly: true, fileMustExist: true });
  try {
    return sqlite.prepare(sql).all(...params) as T[];
  } finally {
    sqlite.close();
  }
}

/** Every row of every table an import writes, the upload files and the backups. */
function everything() {
  const rows = Object.fromEntries(
    TABLES.map((t) => [t, query(`SELECT * FROM "${t}" ORDER BY 1, 2`)]),
  );
  return { rows, uploads: filesUnder(uploadsDir), backups: filesUnder(backupDir) };
}

const counts = () =>
  Object.fromEntries(
    TABLES.map((t) => [t, query<{ n: number }>(`SELECT count(*) AS n FROM "${t}"`)[0].n]),
  );

/** The summary's row for a kind: created, updated, unchanged, skipped. */
function summaryRow(stdout: string, noun: string): number[] {
  const line = stdout.split("\n").find((l) => new RegExp(`^  ${noun}\\s+\\d`).test(l));
  if (!line) throw new Error(`no "${noun}" row in:\n${stdout}`);
  return line.trim().split(/\s+/).slice(1).map(Number);
}

const projectByTitle = (title: string) =>
  query<Record<string, unknown>>(`SELECT * FROM "Project" WHERE title = ?`, title)[0];
const galleryOf = (projectId: unknown) =>
  query<{ url: string }>(
    `SELECT url FROM "ProjectImage" WHERE projectId = ? ORDER BY position`,
    projectId,
  ).map((r) => r.url);

beforeAll(async () => {
  db = createTestDatabase("import-cli");
  fs.mkdirSync(uploadsDir, { recursive: true });
  backend = await startFakeOldBackend();
  // The mongoexport files, pointed at the fake backend's images (as the old host would serve them).
  fs.mkdirSync(exportDir);
  for (const name of fs.readdirSync(FIXTURE).filter((n) => n.endsWith(".json"))) {
    const text = fs
      .readFileSync(path.join(FIXTURE, name), "utf8")
      .replaceAll("http://old-backend.example", backend.url)
      .replaceAll("http://dead-host.example", backend.deadHost);
    fs.writeFileSync(path.join(exportDir, name), text);
  }
});

afterAll(async () => {
  await backend?.close();
  for (const dir of [uploadsDir, backupDir, exportDir])
    fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run import", { timeout: 120_000 }, () => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it("--from URL brings every kind over, quirks mapped, images stored; the 404 and dead host reported", async () => {
    const result = await importCli("--from", backend.url);
    expect(result.code, result.stderr).toBe(0);
    const out = result.stdout;
    expect(out).toContain(`Imported from ${backend.url}.`);
    expect(summaryRow(out, "Profile")).toEqual([1, 0, 0, 0]);
    expect(summaryRow(out, "Skills")).toEqual([3, 0, 0, 0]);
    expect(summaryRow(out, "Categories")).toEqual([2, 0, 0, 0]);
    expect(summaryRow(out, "Services")).toEqual([2, 0, 0, 0]);
    expect(summaryRow(out, "Projects")).toEqual([3, 0, 0, 0]);
    expect(summaryRow(out, "Education")).toEqual([2, 0, 0, 0]);
    expect(summaryRow(out, "Experience")).toEqual([2, 0, 0, 0]);
    expect(out).toContain("Images: 5 fetched, 0 reused, 2 failed");
    expect(out).toContain(`${backend.url}/images/missing.jpg`);
    expect(out).toContain(`${backend.deadHost}/blog-thumb.jpg`);
    // Progress as it went (stdout is a pipe here: one line per finished step).
    expect(out).toMatch(/^ {2}Projects: 3 of 3$/m);

    // The backup named in the output exists.
    const backup = /^Backup taken before writing: (.+)$/m.exec(out)?.[1];
    expect(backup && path.dirname(backup)).toBe(backupDir);
    expect(fs.statSync(backup!).size).toBeGreaterThan(0);

    const [profile] = query(`SELECT * FROM "Profile"`);
    expect(profile).toMatchObject({
      name: "Rahim Uddin",
      email: "rahim@example.com",
      github: "https://github.com/rahim-dev",
    });
    expect(profile.image).toMatch(/^\/images\/[\w-]+$/);
    expect(query(`SELECT name FROM "Skill" ORDER BY position`).map((r) => r.name)).toEqual([
      "React",
      "Laravel",
      "Vue",
    ]);
    expect(query(`SELECT title, icon FROM "Service" ORDER BY position`)).toEqual([
      { title: "Web Development", icon: "code" },
      { title: "UI Design", icon: "design" },
    ]);

    const shop = projectByTitle("Corner Shop");
    expect(shop).toMatchObject({
      liveView: "https://corner-shop.example.com",
      budget: 1200,
      date: "2023-05-14",
      skill: "Vue",
      level: "Intermediate",
    });
    expect(shop.thumbnail).toMatch(/^\/images\/[\w-]+$/);
    // null dropped, the 404 left out: the two real gallery images, in order.
    const gallery = galleryOf(shop.id);
    expect(gallery).toHaveLength(2);
    for (const url of gallery) expect(url).toMatch(/^\/images\/[\w-]+$/);

    const blog = projectByTitle("Travel Blog");
    expect(blog).toMatchObject({ date: "Spring 2021", budget: 800, thumbnail: "" });
    expect(galleryOf(blog.id)).toHaveLength(1);
    expect(projectByTitle("Invoice Tool")).toMatchObject({
      liveView: "https://invoices.example.com",
      budget: 2500,
      date: "2022-11-02",
    });
    expect(counts()).toMatchObject({
      Profile: 1,
      Education: 2,
      Experience: 2,
      UploadedImage: 5,
      ImportLink: 15 + 5,
    });

    // Folio serves the stored images itself.
    server = await startTestServer({ databaseUrl: db.url, env: { UPLOADS_DIR: uploadsDir } });
    for (const ref of [profile.image, shop.thumbnail, ...gallery]) {
      const res = await fetch(`${server.url}${ref}`);
      expect(res.status, String(ref)).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^image\//);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  it("a second run creates nothing and changes nothing (images reused)", async () => {
    const before = everything();
    const result = await importCli("--from", backend.url);
    expect(result.code, result.stderr).toBe(0);
    expect(summaryRow(result.stdout, "Projects")).toEqual([0, 0, 3, 0]);
    expect(summaryRow(result.stdout, "Skills")).toEqual([0, 0, 3, 0]);
    expect(result.stdout).toContain("Images: 0 fetched, 5 reused, 2 failed");
    expect(everything().rows).toEqual(before.rows);
    expect(everything().uploads).toEqual(before.uploads);
  });

  it("--dry-run reads everything and reports what would change, writing nothing", async () => {
    backend.lists.addskill = [
      ...(backend.lists.addskill as object[]),
      { _id: "64a1f0c2e4b0a1b2c3d4e5ff", name: "Node.js" },
    ];
    (backend.lists.addprotfolio as { title: string }[])[2].title = "Invoice Tool 2";
    try {
      const before = everything();
      const result = await importCli("--from", backend.url, "--dry-run");
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(
        `Dry run of the import from ${backend.url}: nothing was written.`,
      );
      expect(summaryRow(result.stdout, "Skills")).toEqual([1, 0, 3, 0]);
      expect(summaryRow(result.stdout, "Projects")).toEqual([0, 1, 2, 0]);
      expect(result.stdout).not.toContain("Backup taken");
      expect(everything()).toEqual(before);
    } finally {
      backend.lists = oldBackendLists(backend.url, backend.deadHost);
    }
  });

  it("--from FOLDER (mongoexport) after the URL updates the same rows instead of duplicating", async () => {
    // The owner edited one project in the old database before exporting it.
    const file = path.join(exportDir, "addprotfolio.json");
    fs.writeFileSync(
      file,
      fs.readFileSync(file, "utf8").replace("A blog with maps", "A blog with maps and photos"),
    );
    const before = counts();
    const result = await importCli("--from", exportDir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Imported from ${exportDir}.`);
    expect(summaryRow(result.stdout, "Projects")).toEqual([0, 1, 2, 0]);
    expect(summaryRow(result.stdout, "Skills")).toEqual([0, 0, 3, 0]);
    expect(summaryRow(result.stdout, "Experience")).toEqual([0, 0, 2, 0]);
    expect(counts()).toEqual(before);
    expect(projectByTitle("Travel Blog").subtitle).toBe("A blog with maps and photos");
    // The same old ids, read from {"$oid"}: still one link each.
    expect(
      query(
        `SELECT localId FROM "ImportLink" WHERE kind = 'project' AND sourceId = ?`,
        OLD_IDS.projects[1],
      ),
    ).toEqual([{ localId: projectByTitle("Travel Blog").id }]);
    // The profile picture is a path in the export: reported, and the imported one kept.
    expect(result.stdout).toContain("The profile image is a path (/images/me.png)");
    expect(query(`SELECT image FROM "Profile"`)[0].image).toMatch(/^\/images\/[\w-]+$/);
  });

  it("the old backend was only ever read: GET requests, no credentials", () => {
    expect(backend.requests.length).toBeGreaterThan(20);
    expect(new Set(backend.requests.map((r) => r.method))).toEqual(new Set(["GET"]));
    for (const { headers } of backend.requests) {
      expect(headers.cookie).toBeUndefined();
      expect(headers.authorization).toBeUndefined();
    }
  });

  it("an unreachable backend or a missing folder: a message naming it, exit 1, nothing changed", async () => {
    const before = everything();
    const dead = await importCli("--from", backend.deadHost);
    expect(dead.code).toBe(1);
    expect(dead.stderr).toContain(`Cannot read ${backend.deadHost}: connection refused`);
    expect(dead.stderr).toContain("Nothing was changed.");

    const missing = path.join(TMP, `no-such-export-${run}`);
    const folder = await importCli("--from", missing);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain(`Cannot read ${missing}: no such folder`);
    expect(everything()).toEqual(before);
  });

  it("--from resume.json reads a JSON Resume; a .json file that is not one is refused", async () => {
    const resume = path.join(exportDir, "resume.json");
    fs.writeFileSync(
      resume,
      JSON.stringify({
        basics: { name: "Rahim Uddin", email: "rahim@example.com" },
        work: [{ name: "Cloud Nine", position: "Tech Lead", startDate: "2024-01" }],
      }),
    );
    const before = counts();
    const result = await importCli("--from", resume);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Imported from ${resume}.`);
    expect(summaryRow(result.stdout, "Experience")).toEqual([1, 0, 0, 0]);
    expect(counts().Experience).toBe(before.Experience + 1);

    const oneFile = path.join(exportDir, "addskill.json");
    const single = await importCli("--from", oneFile);
    expect(single.code).toBe(1);
    expect(single.stderr).toContain(
      `Cannot read ${oneFile}: it is one of the mongoexport files; give the folder that holds them (${exportDir})`,
    );
    const notResume = path.join(exportDir, "other.json");
    fs.writeFileSync(notResume, '{"name": "x"}');
    const refused = await importCli("--from", notResume);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Cannot read ${notResume}: it is not a JSON Resume`);
  });

  it("bad arguments: the usage, exit 2; --help: exit 0", async () => {
    for (const args of [[], ["--from"], ["--from", backend.url, "--force"], ["extra"]]) {
      const result = await importCli(...args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toContain(
        "Usage: npm run import -- --from <URL|FOLDER|resume.json> [--dry-run] [--replace]",
      );
    }
    const help = await importCli("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--from FOLDER");
  });
});
