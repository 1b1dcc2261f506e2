// Data access for ImageDetail (alt text, caption, focal point per image address): the only
// Prisma code for it. Rows exist only for images whose details differ from the defaults.
import { prisma } from "./db.server";
import {
  isDefaultDetail,
  sameImageDetail,
  type ImageDetail,
  type ImageDetails,
} from "~/entities/image-detail";

const select = { src: true, alt: true, caption: true, focalX: true, focalY: true } as const;

function toMap(rows: Array<ImageDetail & { src: string }>): ImageDetails {
  const map: ImageDetails = {};
  for (const { src, ...detail } of rows) map[src] = detail;
  return map;
}

/** The stored details of these images (images without details are absent). */
export async function getImageDetails(srcs: string[]): Promise<ImageDetails> {
  const wanted = [...new Set(srcs.filter(Boolean))];
  if (wanted.length === 0) return {};
  return toMap(await prisma.imageDetail.findMany({ select, where: { src: { in: wanted } } }));
}

/** Every stored detail (the public layout's: a row per described image, a small table). */
export async function listImageDetails(): Promise<ImageDetails> {
  return toMap(await prisma.imageDetail.findMany({ select }));
}

/**
 * Saves details in one transaction: a detail equal to the defaults removes the row. Returns
 * how many rows changed (none when everything was already so).
 */
export async function saveImageDetails(
  entries: Array<{ src: string; detail: ImageDetail }>,
): Promise<number> {
  if (entries.length === 0) return 0;
  const current = await getImageDetails(entries.map((e) => e.src));
  const writes = entries.flatMap(({ src, detail }) => {
    const before = current[src];
    if (isDefaultDetail(detail)) {
      return before ? [prisma.imageDetail.delete({ where: { src } })] : [];
    }
    if (before && sameImageDetail(before, detail)) return [];
    return [
      prisma.imageDetail.upsert({
        where: { src },
        create: { src, ...detail },
        update: detail,
      }),
    ];
  });
  if (writes.length) await prisma.$transaction(writes);
  return writes.length;
}

/**
 * Removes the details of images no content uses any more (the profile picture, a project's
 * thumbnail or gallery image): all of them, or only those of `srcs`. Returns how many.
 */
export async function removeUnusedImageDetails(srcs?: string[]): Promise<number> {
  const candidates = srcs
    ? [...new Set(srcs.filter(Boolean))]
    : (await prisma.imageDetail.findMany({ select: { src: true } })).map((r) => r.src);
  if (candidates.length === 0) return 0;
  const where = { in: candidates };
  const [profiles, projects, gallery] = await Promise.all([
    prisma.profile.findMany({ where: { image: where }, select: { image: true } }),
    prisma.project.findMany({ where: { thumbnail: where }, select: { thumbnail: true } }),
    prisma.projectImage.findMany({ where: { url: where }, select: { url: true } }),
  ]);
  const used = new Set([
    ...profiles.map((r) => r.image),
    ...projects.map((r) => r.thumbnail),
    ...gallery.map((r) => r.url),
  ]);
  const unused = candidates.filter((src) => !used.has(src));
  if (unused.length === 0) return 0;
  const { count } = await prisma.imageDetail.deleteMany({ where: { src: { in: unused } } });
  return count;
}
