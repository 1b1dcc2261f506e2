// The Profile screen (/dashboard/admin/profile) and its immediate-upload endpoint
// (/dashboard/admin/upload-image), against a real SQLite copy and the real upload pipeline.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/dashboard.admin.profile";
import {
  action as uploadAction,
  loader as uploadLoader,
} from "~/routes/dashboard.admin.upload-image";
import { prisma } from "~/models/db.server";
import { imageKeyFromRef } from "~/utils/image-variants";
import { getToast } from "~/utils/toast.server";
import { cookieFrom, getRequest, ownerCookie, run } from "../support/requests";

type Fields = Record<string, string | string[] | Blob | Blob[]>;
const ORIGIN = "http://localhost";
const PROFILE = "/dashboard/admin/profile";
const UPLOAD = "/dashboard/admin/upload-image";
let cookie = "";

const imageFile = async (width = 64, height = 64, background = "#0ea5e9") =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "me.jpg",
    { type: "image/jpeg" },
  );
const emptyFileInput = () => new File([], "", { type: "application/octet-stream" });
const notAnImage = () => new File(["just some text, not pixels"], "me.png", { type: "image/png" });

function post(pathname: string, fields: Fields, asOwner = true) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  return new Request(new URL(pathname, ORIGIN), {
    method: "POST",
    body,
    headers: asOwner ? { Cookie: cookie, Origin: ORIGIN } : { Origin: ORIGIN },
  });
}
const args = (request: Request) => ({ request, params: {}, context: {} });
const save = (fields: Fields, asOwner = true) =>
  run(() => action(args(post(PROFILE, fields, asOwner))));
const upload = (fields: Fields, asOwner = true) =>
  run(() => uploadAction(args(post(UPLOAD, fields, asOwner))));

const uploadsDir = () => process.env.UPLOADS_DIR as string;
const isStored = async (ref: string) => {
  const key = imageKeyFromRef(ref)!;
  const row = await prisma.uploadedImage.findUnique({ where: { key } });
  return Boolean(row) && fs.existsSync(path.join(uploadsDir(), key));
};

const seeded = {
  name: "Alex Morgan",
  description: "Full-stack developer.",
  email: "hello@alexmorgan.dev",
  number: "+880 1712 345678",
  address: "Dhaka, Bangladesh",
  image: "",
  cv: "https://example.com/cv.pdf",
  facebook: "https://facebook.com/alex",
  github: "https://github.com/alex",
  linkedin: "https://www.linkedin.com/in/alex",
};
/** The profile form as the browser sends it, unchanged, plus `change`. */
const form = (change: Fields = {}): Fields => ({
  ...seeded,
  imageFile: emptyFileInput(),
  ...change,
});

beforeAll(async () => {
  cookie = await ownerCookie();
});

beforeEach(async () => {
  await prisma.profile.deleteMany();
  await prisma.uploadedImage.deleteMany();
  await prisma.imageDetail.deleteMany();
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
  fs.mkdirSync(uploadsDir(), { recursive: true });
  await prisma.profile.create({ data: seeded });
});

describe("owner only", () => {
  it("sends anonymous visitors to /login (page, save) and refuses an anonymous upload with 401", async () => {
    const page = await run(() => loader(args(getRequest(PROFILE))));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);

    const saved = await save(form({ name: "Intruder" }), false);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toMatch(/^\/login/);
    expect((await prisma.profile.findFirstOrThrow()).name).toBe(seeded.name);

    const up = await upload({ image: await imageFile() }, false);
    expect(up.status).toBe(401);
    expect(await prisma.uploadedImage.count()).toBe(0);

    const getUpload = await run(() => uploadLoader(args(getRequest(UPLOAD))));
    expect(getUpload.status).toBe(302);
  });
});

describe("the profile form", () => {
  it("prefills every field", async () => {
    const res = await run(() => loader(args(getRequest(PROFILE, { cookie }))));
    const data = await res.json();
    expect(data.values).toEqual(seeded);
    expect(data.savedImage).toBe("");
  });

  it("works before any profile exists (empty fields, the first save creates it)", async () => {
    await prisma.profile.deleteMany();
    const res = await run(() => loader(args(getRequest(PROFILE, { cookie }))));
    expect((await res.json()).values.name).toBe("");
    const saved = await save(form({ name: "First Name" }));
    expect(saved.status).toBe(302);
    expect((await prisma.profile.findFirstOrThrow()).name).toBe("First Name");
  });

  it("saves every field and a picture sent with the form (no JavaScript)", async () => {
    const change = {
      name: "Sam Rivera",
      description: "Designer and developer.",
      email: "sam@example.org",
      number: "+1 555 0100",
      address: "Lisbon, Portugal",
      cv: "https://example.org/sam-cv.pdf",
      facebook: "https://facebook.com/sam",
      github: "https://github.com/sam",
      linkedin: "https://www.linkedin.com/in/sam",
    };
    const res = await save(form({ ...change, imageFile: await imageFile(300, 300) }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(PROFILE);
    const { toast } = await getToast(getRequest("/", { cookie: cookieFrom(res) }));
    expect(toast).toMatchObject({ type: "success", dialog: true });
    const profile = await prisma.profile.findFirstOrThrow();
    expect(profile).toMatchObject(change);
    expect(profile.image).toMatch(/^\/images\/[a-z0-9]{16}-300x300$/);
    expect(await isStored(profile.image)).toBe(true);
  });

  it("replacing the picture deletes the old upload; 'Remove' clears it and deletes it", async () => {
    await save(form({ imageFile: await imageFile(100, 100) }));
    const first = (await prisma.profile.findFirstOrThrow()).image;
    await save(form({ image: first, imageFile: await imageFile(120, 120) }));
    const second = (await prisma.profile.findFirstOrThrow()).image;
    expect(second).toMatch(/-120x120$/);
    expect(await isStored(first)).toBe(false);
    expect(await isStored(second)).toBe(true);

    const removed = await save(form({ image: second, removeImage: "on" }));
    expect(removed.status).toBe(302);
    expect((await prisma.profile.findFirstOrThrow()).image).toBe("");
    expect(await isStored(second)).toBe(false);
  });

  it("says 'No Changes Made' when nothing differs", async () => {
    const res = await save(form());
    expect(res.status).toBe(200);
    expect((await res.json()).dialog).toMatchObject({ kind: "info", title: "No Changes Made" });
  });

  const invalid: Array<[string, Fields, string, RegExp]> = [
    ["a malformed email", { email: "not-an-email" }, "email", /valid email/],
    ["a Facebook link that is not a URL", { facebook: "facebook.com/me" }, "facebook", /URL/],
    ["a GitHub link that is not a URL", { github: "javascript:alert(1)" }, "github", /URL/],
    ["a LinkedIn link that is not a URL", { linkedin: "linkedin" }, "linkedin", /URL/],
    ["a CV link that is not a URL", { cv: "cv.pdf" }, "cv", /URL/],
    ["an over-long short name", { name: "n".repeat(101) }, "name", /at most 100/],
    ["an over-long description", { description: "d".repeat(2001) }, "description", /at most 2000/],
    ["an over-long phone number", { number: "1".repeat(41) }, "number", /at most 40/],
    ["an over-long address", { address: "a".repeat(201) }, "address", /at most 200/],
    [
      "an image reference that is not an image",
      { image: "javascript:alert(1)", imageFile: emptyFileInput() },
      "image",
      /uploaded image/,
    ],
  ];
  it.each(invalid)(
    "400 'Error!' with the server's message for %s, keeping what was typed",
    async (_label, change, field, message) => {
      const res = await save(
        form({
          ...change,
          address: String(change.address ?? "Typed street"),
          imageFile: (change.imageFile as Blob | undefined) ?? (await imageFile()),
        }),
      );
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error[field]?.[0]).toMatch(message);
      expect(body.dialog.title).toBe("Error!");
      expect(body.dialog.text).toBe(body.error[field]?.[0]);
      expect(body.initialValue.address).toBe(String(change.address ?? "Typed street"));
      expect(await prisma.profile.findFirstOrThrow()).toMatchObject(seeded);
      // The picture uploaded with the refused form is kept (sent back to be saved next time).
      const kept = change.imageFile ? 0 : 1;
      expect(await prisma.uploadedImage.count()).toBe(kept);
      if (kept) expect(await isStored(body.initialValue.imageFile)).toBe(true);
    },
  );

  it("400 'Image upload failed' for a file that is not an image, keeping the typed fields", async () => {
    const res = await save(form({ name: "Typed Name", imageFile: notAnImage() }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.dialog.title).toBe("Error!");
    expect(body.dialog.text).toMatch(/^Image upload failed/);
    expect(body.initialValue.name).toBe("Typed Name");
    expect((await prisma.profile.findFirstOrThrow()).name).toBe(seeded.name);
    expect(body.error.image).toEqual([
      "me.png was not saved: not a JPEG, PNG, WebP, AVIF or GIF image; choose it again.",
    ]);
    expect(await prisma.uploadedImage.count()).toBe(0);
  });

  it("refuses two pictures at once, keeping the first", async () => {
    const res = await save(form({ imageFile: [await imageFile(), await imageFile(70, 70)] }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.dialog.text).toMatch(/^Image upload failed/);
    expect(body.initialValue.imageFile).toMatch(/-64x64$/);
    expect(await prisma.uploadedImage.count()).toBe(1);
  });

  it("a new picture does not take over the old one's untouched details; the old ones go with it", async () => {
    const alt = { detail0Src: "@image", detail0Alt: "The old portrait", detail0FocalY: "30" };
    expect((await save(form({ imageFile: await imageFile(80, 80), ...alt }))).status).toBe(302);
    const first = (await prisma.profile.findFirstOrThrow()).image;
    expect(await prisma.imageDetail.findUnique({ where: { src: first } })).toMatchObject({
      alt: "The old portrait",
    });
    // The form still shows the old picture's details, unchanged, when a new file is chosen.
    const next = await save(form({ image: first, imageFile: await imageFile(90, 90), ...alt }));
    expect(next.status).toBe(302);
    const second = (await prisma.profile.findFirstOrThrow()).image;
    expect(second).not.toBe(first);
    expect(await prisma.imageDetail.findMany()).toEqual([]);
  });

  it("saves a kept picture with its alt text and focal point after the bad field is fixed", async () => {
    const refused = await save(
      form({ email: "not-an-email", imageFile: await imageFile(80, 100) }),
    );
    expect(refused.status).toBe(400);
    const kept = (await refused.json()).initialValue.imageFile as string;
    const details = {
      detail0Src: "@image",
      detail0Alt: "Alex smiling at a desk",
      detail0Caption: "",
      detail0FocalX: "50",
      detail0FocalY: "20",
    };
    const forged = await save(form({ "kept-imageFile": "https://evil.example/me.png" }));
    expect(forged.status).toBe(200); // nothing to change: the URL was not taken
    expect((await prisma.profile.findFirstOrThrow()).image).toBe("");

    const saved = await save(form({ "kept-imageFile": kept, ...details }));
    expect(saved.status).toBe(302);
    expect((await prisma.profile.findFirstOrThrow()).image).toBe(kept);
    expect(await prisma.imageDetail.findUniqueOrThrow({ where: { src: kept } })).toMatchObject({
      alt: "Alex smiling at a desk",
      focalX: 50,
      focalY: 20,
    });
  });
});

describe("the immediate upload (JavaScript)", () => {
  it("stores the picture and answers its reference, without saving it to the profile", async () => {
    const res = await upload({ image: await imageFile(256, 256) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true });
    expect(body.url).toMatch(/^\/images\/[a-z0-9]{16}-256x256$/);
    expect(await isStored(body.url)).toBe(true);
    expect((await prisma.profile.findFirstOrThrow()).image).toBe("");

    // Saving the form with that reference puts it in the profile.
    const saved = await save(form({ image: body.url }));
    expect(saved.status).toBe(302);
    expect((await prisma.profile.findFirstOrThrow()).image).toBe(body.url);
  });

  it("discards an earlier unsaved upload, but never the saved picture", async () => {
    const saved = (await (await upload({ image: await imageFile(90, 90) })).json()).url;
    await save(form({ image: saved }));
    const pending = (
      await (await upload({ image: await imageFile(91, 91), discard: saved })).json()
    ).url;
    expect(await isStored(saved)).toBe(true); // still the profile's picture
    const next = (await (await upload({ image: await imageFile(92, 92), discard: pending })).json())
      .url;
    expect(await isStored(pending)).toBe(false);
    expect(await isStored(next)).toBe(true);
  });

  it("400 with 'Image upload failed' for a non-image or a missing file; nothing stored", async () => {
    const bad = await upload({ image: notAnImage() });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Image upload failed/),
    });
    const none = await upload({ image: emptyFileInput() });
    expect(none.status).toBe(400);
    expect((await none.json()).error).toMatch(/^Image upload failed/);
    expect(await prisma.uploadedImage.count()).toBe(0);
  });

  it("a GET from the owner is 405", async () => {
    const res = await run(() => uploadLoader(args(getRequest(UPLOAD, { cookie }))));
    expect(res.status).toBe(405);
  });
});
