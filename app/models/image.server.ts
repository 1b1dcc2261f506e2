// Data access for uploaded images (the UploadedImage rows) and the clean-up of images no
// content uses any more.
import { prisma } from "./db.server";
import { removeUnusedImageDetails } from "./image-detail.server";
import { imageKeyFromRef, imageRef } from "~/utils/image-variants";
import { removeImageFiles, storedKeysOlderThan, type EncodedImage } from "~/utils/images.server";

export type UploadedImage = {
  key: string;
  width: number;
  height: number;
  placeholder: string;
  widths: number[];
  bytes: number;
  createdAt: Date;
};

type Row = Omit<UploadedImage, "widths"> & { widths: string };

const toImage = (row: Row): UploadedImage => ({
  ...row,
  widths: row.widths.split(",").filter(Boolean).map(Number),
});

const select = {
  key: true,
  width: true,
  height: true,
  placeholder: true,
  widths: true,
  bytes: true,
  createdAt: true,
} as const;

/** Records an image whose files were just written. */
export async function createUploadedImage(image: EncodedImage): Promise<UploadedImage> {
  const row = await prisma.uploadedImage.create({
    data: {
      key: image.key,
      width: image.width,
      height: image.height,
      placeholder: image.placeholder,
      widths: image.widths.join(","),
      bytes: image.bytes,
    },
    select,
  });
  return toImage(row);
}

export async function getUploadedImage(key: string): Promise<UploadedImage | null> {
  const row = await prisma.uploadedImage.findUnique({ where: { key }, select });
  return row ? toImage(row) : null;
}

/** The image an `/images/<key>` reference points to; null for URLs and unknown keys. */
export async function getImageByRef(ref: string): Promise<UploadedImage | null> {
  const key = imageKeyFromRef(ref);
  return key ? getUploadedImage(key) : null;
}

/** Deletes an image's files and its row, whether or not content still uses it. */
export async function deleteUploadedImage(key: string): Promise<void> {
  await removeImageFiles(key);
  await prisma.uploadedImage.deleteMany({ where: { key } });
}

/** Whether the profile, a project thumbnail or social card image, or a gallery image uses `ref`. */
export async function isImageInUse(ref: string): Promise<boolean> {
  const [profiles, projects, gallery] = await Promise.all([
    prisma.profile.count({ where: { image: ref } }),
    prisma.project.count({ where: { OR: [{ thumbnail: ref }, { ogImage: ref }] } }),
    prisma.projectImage.count({ where: { url: ref } }),
  ]);
  return profiles + projects + gallery > 0;
}

/**
 * Deletes every `/images/<key>` in `refs` that no content uses any more (files and row).
 * External URLs and unknown keys are ignored. Call it after an update or delete replaced or
 * dropped images, and after a failed validation with the images just uploaded.
 */
export async function removeUnusedImages(refs: string[]): Promise<void> {
  const keys = new Set(refs.map(imageKeyFromRef).filter((k): k is string => k !== null));
  for (const key of keys) {
    if (!(await prisma.uploadedImage.findUnique({ where: { key }, select: { id: true } }))) {
      continue;
    }
    if (await isImageInUse(imageRef(key))) continue;
    await deleteUploadedImage(key);
  }
}

/**
 * Deletes uploaded images that were never put to use (e.g. the browser left after the upload
 * but before saving) once they are older than `olderThanMs`, and image folders left without a
 * row (a crash mid-upload), and the details of images no content uses. Returns how many images
 * were removed.
 */
export async function pruneUnusedImages(olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  const rows = await prisma.uploadedImage.findMany({
    where: { createdAt: { lt: cutoff } },
    select: { key: true },
  });
  let removed = 0;
  for (const { key } of rows) {
    if (await isImageInUse(imageRef(key))) continue;
    await deleteUploadedImage(key);
    removed += 1;
  }
  for (const key of await storedKeysOlderThan(cutoff)) {
    if (await prisma.uploadedImage.findUnique({ where: { key }, select: { id: true } })) continue;
    if (await isImageInUse(imageRef(key))) continue;
    await removeImageFiles(key);
    removed += 1;
  }
  await removeUnusedImageDetails();
  return removed;
}
