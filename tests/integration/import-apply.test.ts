// The import applier (issue 15): hand-made snapshots applied to a real SQLite database, with the
// images served by a loopback HTTP server (real JPEG/PNG files, a 404, a web page, an over-size
// file, one that never answers, a dead host). Checks the rows and fields, the stored images, the
// problems, idempotency (a second run creates nothing and downloads nothing), replace, the
// backup, the dry run (nothing written at all) and the source's order.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { applySnapshot } from "~/import/apply.server";
import type { ImportProgress, SourceRecord, SourceSnapshot } from "~/import/types";
import { prisma } from "~/models/db.server";
import { createCategory } from "~/models/category.server";
import { createProject } from "~/models/project.server";
import { imageKeyFromRef } from "~/utils/image-variants";
import { inspectBackup, listBackups } from "~/utils/backup.server";
import { NOT_AN_IMAGE } from "~/utils/images.server";
import { filesUnder, photo } from "../fixtures/images";

const settings = vi.hoisted(() => {
  // Read by env() on first use, after this: a short time limit and a small size cap. (Not
  // shorter: 1 s made a good picture time out on the busy CI machine.)
  const backupDir = `${process.env.UPLOADS_DIR}-backups`;
  process.env.IMPORT_TIMEOUT_MS = "3000";
  process.env.UPLOAD_MAX_BYTES = String(200 * 1024);
  process.env.BACKUP_DIR = backupDir;
  return { backupDir };
});

// ---------------------------------------------------------------- the old site's image host

const hits = new Map<string, number>();
const hung: http.ServerResponse[] = [];
let images: Record<string, Buffer>;
let server: http.Server;
let base = "";

/** A PNG of random pixels: does not compress, so it is as large as its size says. */
const noisePng = (width: number, height: number) =>
  sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

beforeAll(async () => {
  images = {
    "/a.jpg": await photo({ width: 400, height: 300 }),
    "/b.png": await photo({ width: 320, height: 200 }, "png"),
    "/c.webp": await photo({ width: 500, height: 280 }, "webp"),
    "/me.jpg": await photo({ width: 300, height: 300 }),
    "/later.jpg": await photo({ width: 360, height: 240 }),
    "/big.png": await noisePng(400, 400),
  };
  expect(images["/big.png"].length).toBeGreaterThan(200 * 1024);
  server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    hits.set(url, (hits.get(url) ?? 0) + 1);
    if (req.method !== "GET") return void res.writeHead(405).end();
    if (url === "/hang.jpg") return void hung.push(res); // never answers
    if (url === "/page.html") {
      return void res.writeHead(200, { "Content-Type": "image/jpeg" }).end("<html>hi</html>");
    }
    if (url === "/moved.jpg") return void res.writeHead(302, { Location: "/c.webp" }).end();
    const bytes = images[url];
    if (!bytes) return void res.writeHead(404).end("not found");
    // Streamed without a Content-Length: the size cap is counted while reading.
    res.writeHead(200, { "Content-Type": "application/octet-stream" });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  DEAD_HOST = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone.jpg`;
  await new Promise((resolve) => closed.close(resolve));
});

afterAll(async () => {
  for (const res of hung) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(settings.backupDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- helpers

const uploads = () => process.env.UPLOADS_DIR as string;
const at = (p: string) => `${base}${p}`;
/** An address on a port nobody listens on (a host that is gone). */
let DEAD_HOST = "";

const rec = (
  kind: SourceRecord["kind"],
  sourceId: string,
  label: string,
  fields: Record<string, unknown>,
): SourceRecord => ({ kind, sourceId, label, fields });

const snapshot = (records: SourceRecord[]): SourceSnapshot => ({
  source: "http://old.example",
  records,
  problems: [],
});

/** What the old site holds (thumbnails, galleries and the profile picture on its own host). */
function oldSite(): SourceRecord[] {
  return [
    rec("profile", "u1", "Ada", {
      name: "Ada",
      email: "ada@example.com",
      description: "Builds things",
      image: at("/me.jpg"),
      github: "https://github.com/ada",
    }),
    rec("skill", "s1", "TypeScript", { name: "TypeScript" }),
    rec("skill", "s2", "Go", { name: "Go" }),
    rec("category", "c1", "react", { name: "react" }),
    rec("category", "c2", "Laravel", { name: "Laravel" }),
    rec("service", "f1", "Web apps", { title: "Web apps", subtitle: "Fast ones", icon: "code" }),
    rec("project", "p1", "First project", {
      title: "First project",
      skill: "React",
      level: "Advanced",
      liveView: "https://first.example",
      thumbnail: at("/a.jpg"),
      images: [at("/b.png"), null, at("/missing.jpg"), at("/a.jpg")],
      budget: "$1,200",
      date: "Spring 2021",
    }),
    rec("project", "p2", "Second project", {
      title: "Second project",
      skill: "Some skill the old site had",
      level: "Beginner",
      thumbnail: at("/page.html"),
      images: [at("/big.png"), DEAD_HOST],
    }),
    rec("project", "p3", "Third project", {
      title: "Third project",
      skill: "Laravel",
      level: "Intermediate",
      thumbnail: at("/hang.jpg"),
      images: [at("/moved.jpg"), "uploads/relative.png"],
      date: "2020-05-01",
    }),
    rec("project", "p4", "Broken project", { title: "", skill: "React", level: "Expert" }),
    rec("education", "e1", "BSc", { degree: "BSc", institution: "Uni", year: "2015" }),
    rec("experience", "x1", "Developer", {
      title: "Developer",
      institution: "Acme",
      year: "2016-2020",
      description: "Shipped",
    }),
    rec("experience", "x2", "Intern", { title: "Intern", institution: "Beta", year: "2015" }),
  ];
}

async function rowCounts() {
  return {
    profile: await prisma.profile.count(),
    skill: await prisma.skill.count(),
    category: await prisma.category.count(),
    service: await prisma.service.count(),
    project: await prisma.project.count(),
    projectImage: await prisma.projectImage.count(),
    education: await prisma.education.count(),
    experience: await prisma.experience.count(),
    uploadedImage: await prisma.uploadedImage.count(),
    importLink: await prisma.importLink.count(),
  };
}

const projectByTitle = (title: string) =>
  prisma.project.findFirstOrThrow({
    where: { title },
    include: { images: { orderBy: { position: "asc" } } },
  });

/** The image files and row behind an /images/KEY reference exist. */
async function expectStored(ref: string) {
  const key = imageKeyFromRef(ref);
  expect(key, ref).not.toBeNull();
  expect(fs.existsSync(path.join(uploads(), key!)), ref).toBe(true);
  expect(filesUnder(path.join(uploads(), key!)).length).toBeGreaterThan(1);
  expect(await prisma.uploadedImage.count({ where: { key: key! } })).toBe(1);
}

const problemAbout = (
  report: { problems: Array<{ subject?: string; message: string }> },
  s: string,
) => report.problems.find((p) => p.subject === s);

// ---------------------------------------------------------------- the tests

describe("applySnapshot", () => {
  let firstBackup = "";

  it("imports every kind: rows and fields, images through Folio's pipeline, problems reported, order kept", async () => {
    // Already in Folio before the import: a category of the same name (adopted, not duplicated)
    // and a project of the owner's own (the imported ones come first).
    await createCategory({ name: "React" });
    await createProject({
      title: "Owner's own project",
      subtitle: "",
      clientName: "",
      date: "",
      service: "",
      budget: undefined,
      strategy: "",
      design: "",
      userExperience: "",
      shortDescription: "",
      longDescription: "",
      liveView: "https://own.example",
      sourceCode: "",
      thumbnail: "",
      ogImage: "",
      images: [],
      skill: "React",
      level: "Beginner",
    });
    const progress: ImportProgress[] = [];
    const report = await applySnapshot(snapshot(oldSite()), {
      onProgress: (p) => progress.push(p),
    });

    expect(report.dryRun).toBe(false);
    expect(report.kinds).toEqual({
      profile: { created: 1, updated: 0, unchanged: 0, skipped: 0 },
      skill: { created: 2, updated: 0, unchanged: 0, skipped: 0 },
      // "react" met the owner's "React": adopted (linked, the owner's spelling kept).
      category: { created: 1, updated: 0, unchanged: 1, skipped: 0 },
      service: { created: 1, updated: 0, unchanged: 0, skipped: 0 },
      project: { created: 3, updated: 0, unchanged: 0, skipped: 1 },
      education: { created: 1, updated: 0, unchanged: 0, skipped: 0 },
      experience: { created: 2, updated: 0, unchanged: 0, skipped: 0 },
    });
    // a.jpg, b.png, moved.jpg (→ c.webp) and me.jpg stored; a.jpg fetched once though used twice.
    expect(report.images).toEqual({ fetched: 4, reused: 0, failed: 5 });
    expect(hits.get("/a.jpg")).toBe(1);
    expect(hits.get("/c.webp")).toBe(1);

    // Problems: each names the record or the address, and says why.
    expect(problemAbout(report, "Broken project")?.message).toMatch(/Title is required/);
    expect(problemAbout(report, "Broken project")?.message).toMatch(/Level must be/);
    expect(problemAbout(report, at("/missing.jpg"))?.message).toMatch(/answered 404/);
    expect(problemAbout(report, at("/page.html"))?.message).toContain(NOT_AN_IMAGE);
    expect(problemAbout(report, at("/big.png"))?.message).toMatch(/larger than 200 KB/);
    expect(problemAbout(report, at("/hang.jpg"))?.message).toMatch(/within 3000 ms/);
    expect(problemAbout(report, DEAD_HOST)?.message).toMatch(/cannot be reached/);
    expect(problemAbout(report, "uploads/relative.png")?.message).toMatch(/not an http/);

    // The profile, with its picture stored locally.
    const profile = await prisma.profile.findFirstOrThrow();
    expect(profile).toMatchObject({
      name: "Ada",
      email: "ada@example.com",
      github: "https://github.com/ada",
    });
    await expectStored(profile.image);

    // Projects: fields as the old site stored them, images local, failed ones left out.
    const first = await projectByTitle("First project");
    expect(first).toMatchObject({
      budget: 1200,
      date: "Spring 2021",
      skill: "React",
      level: "Advanced",
    });
    await expectStored(first.thumbnail);
    const gallery = first.images.map((i) => i.url);
    expect(gallery).toHaveLength(2); // b.png, a.jpg; null and the 404 dropped
    expect(gallery[1]).toBe(first.thumbnail); // the same address is the same stored image
    for (const ref of gallery) await expectStored(ref);
    const second = await projectByTitle("Second project");
    expect(second).toMatchObject({ thumbnail: "", skill: "Some skill the old site had" });
    expect(second.images).toEqual([]);
    const third = await projectByTitle("Third project");
    expect(third).toMatchObject({ thumbnail: "", date: "2020-05-01" });
    expect(third.images).toHaveLength(1); // moved.jpg (redirected to c.webp); the relative path dropped
    await expectStored(third.images[0].url);
    expect(await prisma.uploadedImage.count()).toBe(4);

    // The adopted category kept its row (no duplicate) and is linked.
    expect((await prisma.category.findMany()).map((c) => c.name).sort()).toEqual([
      "Laravel",
      "React",
    ]);

    // The source's order: the first record of each kind first, the owner's project after.
    const projectOrder = await prisma.project.findMany({
      orderBy: [{ position: "asc" }, { id: "desc" }],
    });
    expect(projectOrder.map((p) => p.title)).toEqual([
      "First project",
      "Second project",
      "Third project",
      "Owner's own project",
    ]);
    const experience = await prisma.experience.findMany({
      orderBy: [{ position: "asc" }, { id: "desc" }],
    });
    expect(experience.map((e) => e.title)).toEqual(["Developer", "Intern"]);
    const skills = await prisma.skill.findMany({ orderBy: [{ position: "asc" }, { id: "desc" }] });
    expect(skills.map((s) => s.name)).toEqual(["TypeScript", "Go"]);

    // Links: every stored record and every stored image address.
    expect(await prisma.importLink.count({ where: { kind: "project" } })).toBe(3);
    expect(await prisma.importLink.count({ where: { kind: "image" } })).toBe(4);

    // The backup was taken first, and is a sound backup of the install before the import.
    expect(report.backupFile).toBeTruthy();
    expect(path.dirname(report.backupFile!)).toBe(path.resolve(settings.backupDir));
    const inspected = await inspectBackup(report.backupFile!);
    try {
      expect(inspected.manifest.rowCounts.Project).toBe(1);
      expect(inspected.manifest.rowCounts.Category).toBe(1);
      expect(inspected.manifest.rowCounts.ImportLink ?? 0).toBe(0);
    } finally {
      inspected.cleanup();
    }
    firstBackup = report.backupFile!;

    // Progress: per record of each kind and per image, up to the totals.
    expect(progress).toContainEqual({ kind: "project", done: 4, total: 4 });
    expect(progress).toContainEqual({ kind: "profile", done: 1, total: 1 });
    const imageTicks = progress.filter((p) => p.kind === "image");
    expect(imageTicks.at(-1)).toEqual({ kind: "image", done: 9, total: 9 });
  });

  it("a second run creates nothing and downloads nothing: images reused, changes updated", async () => {
    const before = await rowCounts();
    const hitsBefore = new Map(hits);
    // The owner's social card image (old sites have none) survives a re-import.
    const carded = await prisma.project.findFirstOrThrow({
      where: { NOT: { title: "Owner's own project" } },
    });
    await prisma.project.update({
      where: { id: carded.id },
      data: { ogImage: "https://example.com/card.png" },
    });
    const again = oldSite().map((r) =>
      r.sourceId === "x2" ? { ...r, fields: { ...r.fields, year: "2015-2016" } } : r,
    );
    const report = await applySnapshot(snapshot(again));

    for (const counts of Object.values(report.kinds)) expect(counts.created).toBe(0);
    expect(report.kinds.project).toEqual({ created: 0, updated: 0, unchanged: 3, skipped: 1 });
    expect((await prisma.project.findUniqueOrThrow({ where: { id: carded.id } })).ogImage).toBe(
      "https://example.com/card.png",
    );
    expect(report.kinds.profile).toEqual({ created: 0, updated: 0, unchanged: 1, skipped: 0 });
    expect(report.kinds.category).toEqual({ created: 0, updated: 0, unchanged: 2, skipped: 0 });
    expect(report.kinds.experience).toEqual({ created: 0, updated: 1, unchanged: 1, skipped: 0 });
    expect((await prisma.experience.findFirstOrThrow({ where: { title: "Intern" } })).year).toBe(
      "2015-2016",
    );
    expect(report.images).toMatchObject({ fetched: 0, reused: 4 });
    for (const address of ["/a.jpg", "/b.png", "/c.webp", "/me.jpg"]) {
      expect(hits.get(address), address).toBe(hitsBefore.get(address));
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("a dry run reports what a real run would do and writes nothing: no rows, links, files or backup", async () => {
    const next = [
      ...oldSite().map((r) =>
        r.sourceId === "p1"
          ? { ...r, fields: { ...r.fields, subtitle: "Now with a subtitle" } }
          : r,
      ),
      rec("project", "p5", "Later project", {
        title: "Later project",
        skill: "Go",
        level: "Beginner",
        thumbnail: at("/later.jpg"),
      }),
      rec("skill", "s3", "Rust", { name: "Rust" }),
    ];
    const before = await rowCounts();
    const filesBefore = filesUnder(uploads());
    const backupsBefore = listBackups(settings.backupDir).map((b) => b.name);

    const dry = await applySnapshot(snapshot(next), { dryRun: true });
    expect(dry.dryRun).toBe(true);
    expect(dry.backupFile).toBeUndefined();
    expect(dry.kinds.project).toEqual({ created: 1, updated: 1, unchanged: 2, skipped: 1 });
    expect(dry.kinds.skill).toEqual({ created: 1, updated: 0, unchanged: 2, skipped: 0 });
    expect(dry.images).toMatchObject({ fetched: 1, reused: 4 });
    expect(hits.get("/later.jpg")).toBe(1); // downloaded and checked, not stored

    expect(await rowCounts()).toEqual(before);
    expect(filesUnder(uploads())).toEqual(filesBefore);
    expect(listBackups(settings.backupDir).map((b) => b.name)).toEqual(backupsBefore);

    // The real run then does exactly what the dry run said.
    const real = await applySnapshot(snapshot(next));
    expect(real.kinds).toEqual(dry.kinds);
    expect(real.images).toEqual(dry.images);
    expect((await projectByTitle("First project")).subtitle).toBe("Now with a subtitle");
    await expectStored((await projectByTitle("Later project")).thumbnail);
    expect(real.backupFile).toBeTruthy();
    expect(real.backupFile).not.toBe(firstBackup);
  });

  it("replace deletes the kinds the source holds (their images and links too), then recreates them", async () => {
    const oldThumb = (await projectByTitle("First project")).thumbnail;
    const records = [
      rec("project", "n1", "New only", {
        title: "New only",
        skill: "Laravel",
        level: "Beginner",
        thumbnail: at("/b.png"),
      }),
      rec("skill", "s9", "Elixir", { name: "Elixir" }),
    ];
    const servicesBefore = await prisma.service.count();

    const dry = await applySnapshot(snapshot(records), { dryRun: true, replace: true });
    expect(dry.replaced).toEqual({ project: 5, skill: 3 });
    expect(dry.kinds.project.created).toBe(1);
    expect(await prisma.project.count()).toBe(5);

    const report = await applySnapshot(snapshot(records), { replace: true });
    expect(report.replaced).toEqual({ project: 5, skill: 3 });
    expect(report.kinds.project).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: 0 });
    expect(report.kinds.skill).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: 0 });
    expect((await prisma.project.findMany()).map((p) => p.title)).toEqual(["New only"]);
    expect((await prisma.skill.findMany()).map((s) => s.name)).toEqual(["Elixir"]);
    expect(await prisma.importLink.count({ where: { kind: "project" } })).toBe(1);
    // Kinds not in the source are left alone; the old projects' images are gone from disk.
    expect(await prisma.service.count()).toBe(servicesBefore);
    expect(fs.existsSync(path.join(uploads(), imageKeyFromRef(oldThumb)!))).toBe(false);
    await expectStored((await projectByTitle("New only")).thumbnail);
    expect(report.backupFile).toBeTruthy();
    // The dry run said so: b.png left with the old projects, so it is downloaded again.
    expect(report.kinds).toEqual(dry.kinds);
    expect(report.images).toEqual({ fetched: 1, reused: 0, failed: 0 });
    expect(report.images).toEqual(dry.images);
  });

  it("when the backup cannot be written, nothing is imported and the error says why", async () => {
    const before = await rowCounts();
    const moved = `${settings.backupDir}-aside`;
    fs.renameSync(settings.backupDir, moved);
    fs.writeFileSync(settings.backupDir, "a file where the backup folder should be");
    try {
      await expect(
        applySnapshot(snapshot([rec("skill", "s10", "Zig", { name: "Zig" })])),
      ).rejects.toThrow(/The backup before the import failed, so nothing was imported: .*EEXIST/);
    } finally {
      fs.rmSync(settings.backupDir);
      fs.renameSync(moved, settings.backupDir);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("reports an invalid profile and keeps the owner's values the source does not have", async () => {
    const report = await applySnapshot(
      snapshot([
        rec("profile", "u1", "Ada", { name: "Ada L.", image: at("/me.jpg") }),
        rec("profile", "u2", "Bob", { name: "Bob" }),
        rec("experience", "x3", "Bad", { title: "Bad", institution: "", year: "2010" }),
      ]),
    );
    expect(report.kinds.profile).toEqual({ created: 0, updated: 1, unchanged: 0, skipped: 1 });
    expect(problemAbout(report, "Bob")?.message).toBe("Only one profile is imported");
    expect(problemAbout(report, "Bad")?.message).toBe("Institution Name is required");
    const profile = await prisma.profile.findFirstOrThrow();
    expect(profile).toMatchObject({
      name: "Ada L.",
      email: "ada@example.com",
      github: "https://github.com/ada",
    });
    await expectStored(profile.image);
  });
});
