// Add Portfolio (/dashboard/admin/projects/add): loader and action against a real SQLite copy,
// real image files (sharp) and the real upload pipeline.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader, action } from "~/routes/dashboard.admin.projects.add";
import { LINK_REQUIRED_MESSAGE } from "~/entities/project";
import { prisma } from "~/models/db.server";
import { imageKeyFromRef } from "~/utils/image-variants";
import { getToast } from "~/utils/toast.server";
import { cookieFrom, getRequest, ownerCookie, run } from "../support/requests";
import { typedValues } from "./admin-crud-support";

const URL_ADD = "/dashboard/admin/projects/add";
const args = (request: Request) => ({ request, params: {}, context: {} });

async function picture(width = 80, height = 60, background = "#1d4ed8") {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}
const imageFile = (bytes: Buffer, name = "pic.png", type = "image/png") =>
  new File([new Uint8Array(bytes)], name, { type });
const emptyFileInput = () => new File([], "", { type: "application/octet-stream" });

const valid = {
  title: "Harbor Booking",
  subtitle: "A booking app for a marina",
  clientName: "Harbor Ltd",
  date: "2025-03-14",
  service: "Web Development",
  budget: "2500",
  strategy: "Interview the staff first.",
  design: "Calm blues.",
  userExperience: "Two taps to book.",
  shortDescription: "Berth booking for a small marina.",
  longDescription: "A longer story about the marina.",
  liveView: "https://harbor.example.com",
  sourceCode: "",
  skill: "React",
  level: "Intermediate",
};

let cookie = "";
const uploadsDir = () => process.env.UPLOADS_DIR as string;
const storedKeys = async () => (await prisma.uploadedImage.findMany()).map((r) => r.key);

async function add(fields: Record<string, string | string[] | Blob | Blob[]>, asOwner = true) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  const request = new Request(new URL(URL_ADD, "http://localhost"), {
    method: "POST",
    body,
    headers: asOwner ? { Cookie: cookie, Origin: "http://localhost" } : {},
  });
  return run(() => action(args(request)));
}

async function toastOf(response: Response) {
  const { toast } = await getToast(getRequest("/", { cookie: cookieFrom(response) }));
  return toast;
}

beforeAll(async () => {
  cookie = await ownerCookie();
  await prisma.category.createMany({ data: [{ name: "React" }, { name: "Laravel" }] });
});

beforeEach(async () => {
  await prisma.project.deleteMany();
  await prisma.uploadedImage.deleteMany();
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
  fs.mkdirSync(uploadsDir(), { recursive: true });
});

describe("Add Portfolio access", () => {
  it("sends an anonymous visitor to /login, for the page and the action, and stores nothing", async () => {
    const page = await run(() => loader(args(getRequest(URL_ADD))));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);

    const post = await add({ ...valid, thumbnail: imageFile(await picture()) }, false);
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toMatch(/^\/login/);
    expect(await prisma.project.count()).toBe(0);
    expect(await storedKeys()).toEqual([]);
  });

  it("offers the category names as skills", async () => {
    const page = await run(() => loader(args(getRequest(URL_ADD, { cookie }))));
    expect(page.status).toBe(200);
    expect((await page.json()).categories.sort()).toEqual(["Laravel", "React"]);
  });
});

describe("adding a project", () => {
  it("stores every field, the thumbnail and the gallery, then stays on the page with a success dialog", async () => {
    const res = await add({
      ...valid,
      thumbnail: imageFile(await picture(120, 80)),
      images: [
        imageFile(await picture(90, 60, "#10b981"), "a.png"),
        imageFile(await picture(90, 60, "#ef4444"), "b.png"),
      ],
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(URL_ADD);
    expect(await toastOf(res)).toMatchObject({
      type: "success",
      title: "Project Added Successfully!",
      dialog: true,
    });

    const project = await prisma.project.findFirstOrThrow({ include: { images: true } });
    expect(project).toMatchObject({
      title: valid.title,
      subtitle: valid.subtitle,
      clientName: valid.clientName,
      date: valid.date,
      service: valid.service,
      budget: 2500,
      strategy: valid.strategy,
      design: valid.design,
      userExperience: valid.userExperience,
      shortDescription: valid.shortDescription,
      longDescription: valid.longDescription,
      liveView: valid.liveView,
      sourceCode: "",
      skill: "React",
      level: "Intermediate",
      draft: false,
      featured: false,
    });
    expect(project.thumbnail).toMatch(/^\/images\/[a-z0-9]{16}-120x80$/);
    expect(project.images.map((i) => i.url)).toHaveLength(2);
    for (const ref of [project.thumbnail, ...project.images.map((i) => i.url)]) {
      const key = imageKeyFromRef(ref)!;
      expect(fs.existsSync(path.join(uploadsDir(), key))).toBe(true);
    }
    expect(await storedKeys()).toHaveLength(3);
  });

  it("accepts a project without files (empty file inputs) and with only a source link; draft is kept", async () => {
    const res = await add({
      ...valid,
      liveView: "",
      sourceCode: "https://github.com/example/harbor",
      draft: "on",
      thumbnail: emptyFileInput(),
      images: emptyFileInput(),
    });
    expect(res.status).toBe(302);
    const project = await prisma.project.findFirstOrThrow({ include: { images: true } });
    expect(project).toMatchObject({
      thumbnail: "",
      draft: true,
      sourceCode: "https://github.com/example/harbor",
      liveView: "",
    });
    expect(project.images).toEqual([]);
  });
});

describe("refused submissions keep what was typed and the accepted uploads", () => {
  const cases: Array<[string, Record<string, string>, string, RegExp]> = [
    ["a missing title", { title: "" }, "title", /Title is required/],
    ["an over-long title", { title: "x".repeat(151) }, "title", /at most 150/],
    ["a missing skill", { skill: "" }, "skill", /Skill is required/],
    ["a skill that is not a category", { skill: "Cobol" }, "skill", /category list/],
    ["a missing level", { level: "" }, "level", /Beginner, Intermediate or Advanced/],
    ["an unknown level", { level: "Expert" }, "level", /Beginner, Intermediate or Advanced/],
    ["a malformed date", { date: "14/03/2025" }, "date", /valid date/],
    ["a budget that is not a number", { budget: "lots" }, "budget", /must be a number/],
    ["a negative budget", { budget: "-5" }, "budget", /cannot be negative/],
    ["a live view that is not a URL", { liveView: "javascript:alert(1)" }, "liveView", /URL/],
    ["a source code that is not a URL", { sourceCode: "ftp://x" }, "sourceCode", /URL/],
    [
      "an over-long short description",
      { shortDescription: "y".repeat(1001) },
      "shortDescription",
      /at most 1000/,
    ],
    ["an over-long subtitle", { subtitle: "z".repeat(301) }, "subtitle", /at most 300/],
  ];
  it.each(cases)("400 for %s", async (_label, change, field, message) => {
    const res = await add({ ...valid, ...change, thumbnail: imageFile(await picture()) });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error[field]?.[0]).toMatch(message);
    expect(body.initialValue).toMatchObject(typedValues({ ...valid, ...change }));
    expect(await prisma.project.count()).toBe(0);
    // The thumbnail uploaded with the refused form stays stored and comes back to be kept.
    const keys = await storedKeys();
    expect(keys).toHaveLength(1);
    expect(body.initialValue.thumbnail).toBe(`/images/${keys[0]}`);
    expect(fs.readdirSync(uploadsDir())).toEqual(keys);
  });

  it("shows the spec's 'Validation Error' warning when neither link is given", async () => {
    const res = await add({ ...valid, liveView: "", sourceCode: "" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.dialog).toEqual({
      kind: "warning",
      title: "Validation Error",
      text: "Please provide at least Live View URL or Source Code URL",
    });
    expect(body.error.liveView?.[0]).toBe(LINK_REQUIRED_MESSAGE);
    expect(await prisma.project.count()).toBe(0);
  });

  it("refuses more than 4 gallery images with 'Image upload failed', keeping the first 4 and naming the fifth", async () => {
    const five = await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => imageFile(await picture(40 + n, 40), `g${n}.png`)),
    );
    const res = await add({ ...valid, thumbnail: imageFile(await picture()), images: five });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.dialog).toMatchObject({ kind: "error", title: "Error!" });
    expect(body.dialog.text).toMatch(/^Image upload failed: at most 4 images/);
    expect(body.error.images).toEqual([
      "g5.png was not saved: at most 4 images can be uploaded here; choose it again.",
    ]);
    expect(body.initialValue).toMatchObject({ title: valid.title, skill: "React" });
    expect(body.initialValue.images).toHaveLength(4);
    expect(body.initialValue.thumbnail).toMatch(/^\/images\//);
    expect(await prisma.project.count()).toBe(0);
    expect(await storedKeys()).toHaveLength(5);
  });

  it("refuses a file that is not an image with 'Image upload failed', keeping the typed fields", async () => {
    const fake = new File([Buffer.from("%PDF-1.4 not a picture")], "cv.png", { type: "image/png" });
    const res = await add({ ...valid, thumbnail: imageFile(await picture()), images: fake });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.dialog.title).toBe("Error!");
    expect(body.dialog.text).toMatch(/^Image upload failed/);
    expect(body.error.images).toEqual([
      "cv.png was not saved: not a JPEG, PNG, WebP, AVIF or GIF image; choose it again.",
    ]);
    expect(body.initialValue).toMatchObject(typedValues(valid));
    expect(await prisma.project.count()).toBe(0);
    // The thumbnail was an image: kept.
    expect(body.initialValue.thumbnail).toBe(`/images/${(await storedKeys())[0]}`);
  });

  it("never answers 500 for a text value sent as a file", async () => {
    const res = await add({
      ...valid,
      title: new File(["Sneaky"], "title.txt", { type: "text/plain" }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.title?.[0]).toBeTruthy();
  });
});

describe("kept uploads and image details (issue #17)", () => {
  const refsOf = (value: unknown) => (Array.isArray(value) ? value : [value]) as string[];

  it("a refused form keeps its images; fixing the field and saving again uses them, with no new pick", async () => {
    const refused = await add({
      ...valid,
      liveView: "ftp://example.com/file",
      thumbnail: imageFile(await picture(120, 80)),
      images: [
        imageFile(await picture(90, 60, "#10b981"), "a.png"),
        imageFile(await picture(91, 60, "#ef4444"), "b.png"),
      ],
    });
    expect(refused.status).toBe(400);
    const typed = (await refused.json()).initialValue;
    const thumbnail = typed.thumbnail as string;
    const images = refsOf(typed.images);
    expect(thumbnail).toMatch(/-120x80$/);
    expect(images.map((r) => r.replace(/.*-/, ""))).toEqual(["90x60", "91x60"]);

    // The browser sends them back in the hidden fields, the file inputs empty.
    const saved = await add({
      ...valid,
      thumbnail: emptyFileInput(),
      images: emptyFileInput(),
      "kept-thumbnail": thumbnail,
      "kept-images": images,
      detail0Src: "@thumbnail",
      detail0Alt: "The booking screen on a phone",
      detail0Caption: "",
      detail0FocalX: "20",
      detail0FocalY: "",
      detail5Src: images[1],
      detail5Alt: "",
      detail5Caption: "Berths by size",
      detail5FocalX: "",
      detail5FocalY: "",
    });
    expect(saved.status).toBe(302);
    const project = await prisma.project.findFirstOrThrow({
      include: { images: { orderBy: { position: "asc" } } },
    });
    expect(project.thumbnail).toBe(thumbnail);
    expect(project.images.map((i) => i.url)).toEqual(images);
    expect(await storedKeys()).toHaveLength(3);
    const details = await prisma.imageDetail.findMany({ orderBy: { src: "asc" } });
    expect(
      details.map(({ src, alt, caption, focalX, focalY }) => ({
        src,
        alt,
        caption,
        focalX,
        focalY,
      })),
    ).toEqual(
      [
        {
          src: thumbnail,
          alt: "The booking screen on a phone",
          caption: "",
          focalX: 20,
          focalY: 50,
        },
        { src: images[1], alt: "", caption: "Berths by size", focalX: 50, focalY: 50 },
      ].sort((a, b) => a.src.localeCompare(b.src)),
    );
    await prisma.imageDetail.deleteMany();
  });

  it("takes back only references of stored images; a removed kept upload is deleted", async () => {
    const first = await add({ ...valid, title: "", thumbnail: imageFile(await picture()) });
    const kept = (await first.json()).initialValue.thumbnail as string;
    const again = await add({
      ...valid,
      title: "",
      "kept-thumbnail": kept,
      "kept-images": ["https://evil.example/x.png", "/images/aaaaaaaaaaaaaaaa-10x10", "../etc"],
      removeKept: kept,
    });
    expect(again.status).toBe(400);
    const typed = (await again.json()).initialValue;
    expect(typed.thumbnail ?? "").toBe("");
    expect(typed.images ?? []).toEqual([]);
    // The owner removed it: gone at once, not left for the prune job.
    expect(await storedKeys()).toEqual([]);
  });

  it("names a refused file and keeps the accepted ones beside it", async () => {
    const text = new File(["just words"], "thumbnail.txt", { type: "text/plain" });
    const res = await add({
      ...valid,
      thumbnail: text,
      images: [imageFile(await picture(90, 60), "a.png")],
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.thumbnail).toEqual([
      "thumbnail.txt was not saved: not a JPEG, PNG, WebP, AVIF or GIF image; choose it again.",
    ]);
    expect(refsOf(body.initialValue.images)).toHaveLength(1);
  });

  it("refuses over-long alt text and captions and a focal point outside 0-100, keeping the uploads", async () => {
    const res = await add({
      ...valid,
      thumbnail: imageFile(await picture()),
      detail0Src: "@thumbnail",
      detail0Alt: "a".repeat(201),
      detail0Caption: "c".repeat(301),
      detail0FocalX: "101",
      detail0FocalY: "-3",
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toMatchObject({
      detail0Alt: ["Alt text must be at most 200 characters"],
      detail0Caption: ["Caption must be at most 300 characters"],
      detail0FocalX: ["Focus across must be a whole number from 0 to 100"],
      detail0FocalY: ["Focus down must be a whole number from 0 to 100"],
    });
    expect(body.initialValue.detail0Alt).toBe("a".repeat(201));
    expect(await prisma.project.count()).toBe(0);
    expect(await prisma.imageDetail.count()).toBe(0);
    expect(await storedKeys()).toHaveLength(1);
  });
});
