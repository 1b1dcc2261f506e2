// The importer's memory (ImportLink): which local row a source record (kind + the source's id)
// became, so that a second import updates instead of duplicating. For images the kind is
// "image", the source id is the image's address and the local id the UploadedImage row's id.
import { prisma } from "./db.server";
import { imageRef } from "~/utils/image-variants";

export type LinkKind = string;

/** The local id linked to (kind, sourceId); null when never imported. */
export async function findImportLink(kind: LinkKind, sourceId: string): Promise<number | null> {
  const row = await prisma.importLink.findUnique({
    where: { kind_sourceId: { kind, sourceId } },
    select: { localId: true },
  });
  return row?.localId ?? null;
}

/** Links (kind, sourceId) to `localId`, replacing an earlier (stale) link. */
export async function saveImportLink(
  kind: LinkKind,
  sourceId: string,
  localId: number,
): Promise<void> {
  await prisma.importLink.upsert({
    where: { kind_sourceId: { kind, sourceId } },
    create: { kind, sourceId, localId },
    update: { localId },
  });
}

/** Forgets every link of `kind` (after `replace` deleted its rows). Returns how many. */
export async function deleteImportLinks(kind: LinkKind): Promise<number> {
  return (await prisma.importLink.deleteMany({ where: { kind } })).count;
}

export function countImportLinks(kind?: LinkKind): Promise<number> {
  return prisma.importLink.count({ where: kind ? { kind } : {} });
}

/**
 * The `/images/KEY` reference of an image imported earlier from `address`, when its
 * UploadedImage row still exists; null otherwise (never imported, or cleaned up since).
 */
export async function importedImageRef(address: string): Promise<string | null> {
  const localId = await findImportLink("image", address);
  if (localId === null) return null;
  const image = await prisma.uploadedImage.findUnique({
    where: { id: localId },
    select: { key: true },
  });
  return image ? imageRef(image.key) : null;
}

/** Links `address` to the UploadedImage stored under `key`. */
export async function linkImportedImage(address: string, key: string): Promise<void> {
  const image = await prisma.uploadedImage.findUnique({ where: { key }, select: { id: true } });
  if (image) await saveImportLink("image", address, image.id);
}
