// JSON Resume in and out, and the dashboard Import page's action: the demo site's /resume.json
// (a real production server) imported into an empty site through the page's action gives the
// same resume; a second import creates nothing; a Preview writes nothing and stages what it read
// so Import needs no second upload; bad input is refused with a message and what was typed.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/dashboard.admin.import";
import { prisma } from "~/models/db.server";
import { resumeData, toJsonResume } from "~/models/resume.server";
import { IMPORT_MAX_BYTES } from "~/import/import-form";
import { readStagedSnapshot } from "~/import/staged-import.server";
import type { ImportReport } from "~/import/types";
import type { FormResult } from "~/utils/form-result";
import { imageKeyFromRef } from "~/utils/image-variants";
import { getRequest, ORIGIN, ownerCookie, run } from "../support/requests";
import { startFakeOldBackend } from "../support/fake-old-backend";
import { ROOT } from "../support/paths";
import { freePort, startTestServer, type TestServer } from "../support/server";

const IMPORT = "/dashboard/admin/import";
type Answer = { formId: string; report: ImportReport; staged?: string; url: string };

let demo: TestServer;
let exported: Record<string, unknown>;
let cookie = "";

beforeAll(async () => {
  demo = await startTestServer({ seed: true });
  const res = await fetch(`${demo.url}/resume.json`);
  expect(res.status).toBe(200);
  exported = (await res.json()) as Record<string, unknown>;
  cookie = await ownerCookie();
});
afterAll(async () => {
  await demo?.stop();
});

const resumeFile = (content: unknown, name = "resume.json") =>
  new File([typeof content === "string" ? content : JSON.stringify(content)], name, {
    type: "application/json",
  });

const args = (request: Request) => ({ request, params: {}, context: {} });
/** Posts the page's multipart form (a field may hold several files, like `multiple`). */
function submit(fields: Record<string, string | Blob | Blob[]>, asOwner = true) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  const headers = new Headers({ Origin: ORIGIN });
  if (asOwner) headers.set("Cookie", cookie);
  const request = new Request(new URL(IMPORT, ORIGIN), { method: "POST", body, headers });
  return run(() => action(args(request)));
}

async function counts() {
  const [profile, skill, category, education, experience] = await Promise.all([
    prisma.profile.count(),
    prisma.skill.count(),
    prisma.category.count(),
    prisma.education.count(),
    prisma.experience.count(),
  ]);
  return { profile, skill, category, education, experience };
}

/** A JSON Resume without what differs between two sites: their address, image and date. */
function content(resume: Record<string, unknown>) {
  const { basics, meta, ...rest } = resume as {
    basics: Record<string, unknown>;
    meta: unknown;
  };
  void meta;
  const { image, url, ...person } = basics;
  void url;
  return { basics: person, hasImage: Boolean(image), ...rest };
}

async function thisSiteResume() {
  return toJsonResume(await resumeData(), "http://localhost", "x") as Record<string, unknown>;
}

describe("the Import page", () => {
  it("is the owner's only", async () => {
    const page = await run(() => loader(args(getRequest(IMPORT))));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/login/);
    const post = await submit({ source: "resume", intent: "import" }, false);
    expect(post.status).toBe(302);
    expect(await counts()).toMatchObject({ skill: 0, experience: 0 });
  });

  it("previews the demo site's resume.json without writing, then imports what it staged", async () => {
    const before = await counts();
    expect(before).toEqual({ profile: 0, skill: 0, category: 0, education: 0, experience: 0 });

    const preview = await submit({
      source: "resume",
      intent: "preview",
      file: resumeFile(exported),
    });
    expect(preview.status).toBe(200);
    const previewed = (await preview.json()) as Answer;
    expect(previewed.report.dryRun).toBe(true);
    expect(previewed.report.backupFile).toBeUndefined();
    const expected = exported as {
      work: unknown[];
      education: unknown[];
      skills: Array<{ name: string; keywords: string[] }>;
    };
    const roles = expected.skills.find((s) => s.name === "Roles")!.keywords.length;
    const categories = expected.skills.find((s) => s.name !== "Roles")!.keywords.length;
    expect(previewed.report.kinds).toMatchObject({
      profile: { created: 1 },
      skill: { created: roles },
      category: { created: categories },
      education: { created: expected.education.length },
      experience: { created: expected.work.length },
    });
    expect(await counts()).toEqual(before);
    expect(previewed.staged).toMatch(/^[a-f0-9]{32}$/);

    // Without JavaScript the browser cannot send the file again: Import sends the staged id.
    const imported = await submit({
      source: "resume",
      intent: "import",
      staged: previewed.staged!,
      file: new File([], "", { type: "application/octet-stream" }),
    });
    expect(imported.status).toBe(200);
    const report = ((await imported.json()) as Answer).report;
    expect(report.dryRun).toBe(false);
    expect(report.kinds).toEqual(previewed.report.kinds);
    expect(report.images).toMatchObject({ fetched: 1, failed: 0 });
    expect(report.problems).toEqual([]);
    expect(report.backupFile).toEqual(expect.any(String));
    // Used once: the staged snapshot is gone.
    expect(readStagedSnapshot(previewed.staged!)).toBeUndefined();

    // The same resume, the picture downloaded into this site's own uploads.
    expect(content(await thisSiteResume())).toEqual(content(exported));
    const image = (await prisma.profile.findFirst())?.image ?? "";
    expect(image).toMatch(/^\/images\//);
    expect(fs.existsSync(path.join(process.env.UPLOADS_DIR!, imageKeyFromRef(image)!))).toBe(true);
  });

  it("imports the same file again without creating anything", async () => {
    const before = await counts();
    const again = await submit({ source: "resume", intent: "import", file: resumeFile(exported) });
    expect(again.status).toBe(200);
    const { report } = (await again.json()) as Answer;
    for (const kind of ["profile", "skill", "category", "education", "experience"] as const) {
      expect(report.kinds[kind]).toMatchObject({ created: 0, updated: 0 });
      expect(report.kinds[kind].unchanged).toBe(before[kind]);
    }
    expect(await counts()).toEqual(before);
    expect(content(await thisSiteResume())).toEqual(content(exported));
  });

  it("an Import whose preview is gone asks for the file again", async () => {
    const res = await submit({ source: "resume", intent: "import", staged: "0".repeat(32) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as FormResult;
    expect(body.dialog?.text).toMatch(/choose the file again/);
    const none = await submit({ source: "resume", intent: "preview" });
    expect(((await none.json()) as FormResult).dialog?.text).toBe(
      "Choose a JSON Resume file (resume.json).",
    );
  });

  it("refuses a file that is not JSON or not a JSON Resume, saying which", async () => {
    const before = await counts();
    const broken = await submit({
      source: "resume",
      intent: "import",
      file: resumeFile("{ not json", "cv.json"),
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as FormResult).dialog?.text).toBe(
      "Cannot read cv.json: it is not JSON",
    );
    const other = await submit({
      source: "resume",
      intent: "import",
      file: resumeFile({ name: "package", version: "1.0.0" }, "package.json"),
    });
    expect(other.status).toBe(400);
    expect(((await other.json()) as FormResult).dialog?.text).toMatch(
      /^Cannot read package\.json: it is not a JSON Resume/,
    );
    expect(await counts()).toEqual(before);
  });

  it("asks for the old backend's address, keeping what was typed", async () => {
    const empty = await submit({ source: "url", intent: "preview", url: "" });
    expect(empty.status).toBe(400);
    const emptyBody = (await empty.json()) as FormResult;
    expect(emptyBody.error?.url?.[0]).toMatch(/^Enter the address of your old backend/);

    const bad = await submit({ source: "url", intent: "preview", url: "ftp://old.example" });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as FormResult;
    expect(badBody.initialValue).toMatchObject({ url: "ftp://old.example" });
    expect(badBody.formId).toBe("url");

    // The address alone may come URL-encoded; a body that is no form at all is a 415.
    const post = (type: string, body: string) =>
      run(() =>
        action(
          args(
            new Request(new URL(IMPORT, ORIGIN), {
              method: "POST",
              body,
              headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": type },
            }),
          ),
        ),
      );
    const encoded = await post("application/x-www-form-urlencoded", "source=url&url=");
    expect(encoded.status).toBe(400);
    expect(((await encoded.json()) as FormResult).error?.url?.[0]).toMatch(/^Enter the address/);
    expect((await post("text/plain", "source=url")).status).toBe(415);
  });

  it("names an old backend that does not answer, writing nothing", async () => {
    const before = await counts();
    const dead = `http://127.0.0.1:${await freePort()}`;
    const res = await submit({ source: "url", intent: "import", url: dead, replace: "on" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as FormResult;
    expect(body.dialog?.text).toContain("127.0.0.1");
    expect(body.initialValue).toMatchObject({ url: dead, replace: "on" });
    expect(await counts()).toEqual(before);
  });

  it("stops reading a body over the cap", async () => {
    const res = await submit({
      source: "resume",
      intent: "preview",
      file: resumeFile("x".repeat(IMPORT_MAX_BYTES + 1)),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as FormResult).dialog?.text).toBe(
      "The request body is too large (at most 10 MB).",
    );
  });

  it("previews mongoexport files, then imports them from the staged preview", async () => {
    const old = await startFakeOldBackend();
    try {
      const dead = `http://127.0.0.1:${await freePort()}`;
      const folder = path.join(ROOT, "tests/fixtures/mongoexport");
      const files = fs
        .readdirSync(folder)
        .filter((name) => name.endsWith(".json"))
        .map((name) => {
          const text = fs
            .readFileSync(path.join(folder, name), "utf8")
            .replaceAll("http://old-backend.example", old.url)
            .replaceAll("http://dead-host.example", dead);
          return new File([text], name, { type: "application/json" });
        });
      const before = await prisma.project.count();
      const preview = await submit({ source: "mongoexport", intent: "preview", files });
      expect(preview.status).toBe(200);
      const previewed = (await preview.json()) as Answer;
      expect(previewed.report.kinds.project.created).toBe(3);
      expect(await prisma.project.count()).toBe(before);

      const imported = await submit({
        source: "mongoexport",
        intent: "import",
        staged: previewed.staged!,
      });
      expect(imported.status).toBe(200);
      const { report } = (await imported.json()) as Answer;
      expect(report.kinds.project.created).toBe(3);
      expect(report.images.fetched).toBeGreaterThan(0);
      expect(await prisma.project.count()).toBe(before + 3);
      expect(await prisma.project.findFirst({ where: { title: "Corner Shop" } })).not.toBeNull();
      // Read from the files: the old backend only served images.
      expect(old.requests.every((r) => r.method === "GET" && r.path.startsWith("/images/"))).toBe(
        true,
      );
    } finally {
      await old.close();
    }
  });
});
