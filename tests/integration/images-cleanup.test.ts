import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { pruneUnusedImages, removeUnusedImages } from "~/models/image.server";
import { prisma } from "~/models/db.server";
import { imageKeyFromRef } from "~/utils/image-variants";
import { parseFormWithImages } from "~/utils/uploads.server";
import { file, photo } from "../fixtures/images";
import { ORIGIN } from "../support/requests";

const dirOf = (ref: string) => path.join(process.env.UPLOADS_DIR!, imageKeyFromRef(ref)!);
const stored = async (ref: string) =>
  fs.existsSync(dirOf(ref)) &&
  (await prisma.uploadedImage.count({ where: { key: imageKeyFromRef(ref)! } })) === 1;

async function uploadOne(width = 300): Promise<string> {
  const body = new FormData();
  body.append("image", file(await photo({ width, height: 200 }), "a.jpg", "image/jpeg"));
  const { form } = await parseFormWithImages(new Request(`${ORIGIN}/x`, { method: "POST", body }), {
    fields: ["image"],
  });
  return form.get("image") as string;
}

async function createProject(thumbnail: string, gallery: string[]) {
  return prisma.project.create({
    data: {
      title: "Cleanup test",
      skill: "React",
      level: "Beginner",
      thumbnail,
      images: { create: gallery.map((url, position) => ({ url, position })) },
    },
  });
}

beforeEach(async () => {
  await prisma.project.deleteMany();
  await prisma.profile.deleteMany();
});

describe("removeUnusedImages", () => {
  it("removes a replaced profile picture and keeps the one in use", async () => {
    const old = await uploadOne();
    await prisma.profile.create({ data: { name: "Alex", image: old } });
    const replacement = await uploadOne();
    await prisma.profile.updateMany({ data: { image: replacement } });

    await removeUnusedImages([old]);
    expect(await stored(old)).toBe(false);
    expect(fs.existsSync(dirOf(old))).toBe(false);
    expect(await stored(replacement)).toBe(true);

    await removeUnusedImages([replacement]);
    expect(await stored(replacement)).toBe(true);
  });

  it("removes a replaced thumbnail and a removed gallery image, not the ones kept", async () => {
    const [thumb, newThumb, g1, g2] = [
      await uploadOne(),
      await uploadOne(),
      await uploadOne(),
      await uploadOne(),
    ];
    const project = await createProject(thumb, [g1, g2]);
    await prisma.project.update({ where: { id: project.id }, data: { thumbnail: newThumb } });
    await prisma.projectImage.deleteMany({ where: { projectId: project.id, url: g2 } });

    await removeUnusedImages([thumb, g2]);
    expect(await stored(thumb)).toBe(false);
    expect(await stored(g2)).toBe(false);
    expect(await stored(newThumb)).toBe(true);
    expect(await stored(g1)).toBe(true);
  });

  it("removes every image of a deleted project", async () => {
    const thumb = await uploadOne();
    const gallery = [await uploadOne(), await uploadOne(), await uploadOne(), await uploadOne()];
    const project = await createProject(thumb, gallery);
    await prisma.project.delete({ where: { id: project.id } });

    await removeUnusedImages([thumb, ...gallery]);
    for (const ref of [thumb, ...gallery]) expect(await stored(ref)).toBe(false);
  });

  it("keeps an image another piece of content still uses", async () => {
    const shared = await uploadOne();
    await prisma.profile.create({ data: { name: "Alex", image: shared } });
    const project = await createProject(shared, [shared]);
    await prisma.project.delete({ where: { id: project.id } });
    await removeUnusedImages([shared]);
    expect(await stored(shared)).toBe(true);
  });

  it("drops images just uploaded when the form then fails validation", async () => {
    const refs = [await uploadOne(), await uploadOne()];
    await removeUnusedImages(refs);
    for (const ref of refs) expect(await stored(ref)).toBe(false);
  });

  it("ignores external URLs, unknown keys and malformed references", async () => {
    const kept = await uploadOne();
    await expect(
      removeUnusedImages([
        "https://example.com/a.png",
        "/images/zzzzzzzzzzzzzzzz-10x10",
        "/images/../../etc",
        "",
        kept.replace("/images/", "/images/x"),
      ]),
    ).resolves.toBeUndefined();
    expect(await stored(kept)).toBe(true);
  });
});

describe("pruneUnusedImages", () => {
  it("removes old uploads nothing uses, and keeps recent ones and used ones", async () => {
    const abandoned = await uploadOne();
    const used = await uploadOne();
    const recent = await uploadOne();
    await prisma.profile.create({ data: { name: "Alex", image: used } });
    const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await prisma.uploadedImage.updateMany({
      where: { key: { in: [abandoned, used].map((r) => imageKeyFromRef(r)!) } },
      data: { createdAt: old },
    });
    expect(await pruneUnusedImages()).toBe(1);
    expect(await stored(abandoned)).toBe(false);
    expect(await stored(used)).toBe(true);
    expect(await stored(recent)).toBe(true);
  });

  it("removes the details (alt text, caption, focal point) of images nothing uses", async () => {
    await prisma.imageDetail.deleteMany();
    const used = await uploadOne();
    await createProject(used, ["https://cdn.example.com/used.png"]);
    const detail = { alt: "Described", caption: "", focalX: 50, focalY: 50 };
    await prisma.imageDetail.createMany({
      data: [
        used,
        "https://cdn.example.com/used.png",
        "https://cdn.example.com/gone.png",
        "/images/gone",
      ].map((src) => ({ src, ...detail })),
    });
    await pruneUnusedImages();
    const left = await prisma.imageDetail.findMany({
      select: { src: true },
      orderBy: { src: "asc" },
    });
    expect(left.map((r) => r.src)).toEqual(
      ["/images/" + imageKeyFromRef(used), "https://cdn.example.com/used.png"].sort(),
    );
    await prisma.imageDetail.deleteMany();
  });

  it("removes old image folders left without a row (a crash mid-upload), not young ones", async () => {
    await prisma.uploadedImage.deleteMany();
    fs.rmSync(process.env.UPLOADS_DIR!, { recursive: true, force: true });
    const crashed = await uploadOne();
    const young = await uploadOne();
    await prisma.uploadedImage.deleteMany({
      where: { key: { in: [crashed, young].map((r) => imageKeyFromRef(r)!) } },
    });
    const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    fs.utimesSync(dirOf(crashed), old, old);
    // Something that is not an image folder is never touched.
    const stray = path.join(process.env.UPLOADS_DIR!, "not-an-image");
    fs.mkdirSync(stray, { recursive: true });
    fs.utimesSync(stray, old, old);

    expect(await pruneUnusedImages()).toBe(1);
    expect(fs.existsSync(dirOf(crashed))).toBe(false);
    expect(fs.existsSync(dirOf(young))).toBe(true);
    expect(fs.existsSync(stray)).toBe(true);
  });
});
