import type { Prisma } from "@prisma/client";
import { prisma } from "./db.server";
import type { OrderedModel } from "./position.server";

export type Direction = "up" | "down" | "top" | "bottom";

type Row = { id: number };

/** Reads ids in display order (position, then newest id). */
type Tx = Prisma.TransactionClient;

async function orderedIds(
  tx: Tx,
  model: OrderedModel | "projectImage",
  projectId?: number,
): Promise<number[]> {
  const orderBy =
    model === "projectImage"
      ? [{ position: "asc" as const }, { id: "asc" as const }]
      : [{ position: "asc" as const }, { id: "desc" as const }];
  const args = {
    select: { id: true },
    orderBy,
    ...(projectId !== undefined ? { where: { projectId } } : {}),
  };
  // Each delegate has the same findMany shape for these arguments.
  const delegate = tx[model] as unknown as { findMany(a: typeof args): Promise<Row[]> };
  return (await delegate.findMany(args)).map((r) => r.id);
}

async function writeOrder(tx: Tx, model: OrderedModel | "projectImage", ids: number[]) {
  const delegate = tx[model] as unknown as {
    updateMany(a: { where: { id: number }; data: { position: number } }): Promise<unknown>;
  };
  for (const [position, id] of ids.entries())
    await delegate.updateMany({ where: { id }, data: { position } });
}

/** Reads and rewrites an order in one transaction, so concurrent moves never interleave. */
function reorder(
  model: OrderedModel | "projectImage",
  change: (ids: number[]) => number[] | null,
  projectId?: number,
) {
  return prisma.$transaction(async (tx) => {
    const next = change(await orderedIds(tx, model, projectId));
    if (next) await writeOrder(tx, model, next);
    return next;
  });
}

/** Where `id` ends up when moved one step (or to an end) in `ids`; null when it is not there. */
export function moved(ids: number[], id: number, direction: Direction): number[] | null {
  const from = ids.indexOf(id);
  if (from < 0) return null;
  const to =
    direction === "up"
      ? Math.max(0, from - 1)
      : direction === "down"
        ? Math.min(ids.length - 1, from + 1)
        : direction === "top"
          ? 0
          : ids.length - 1;
  const next = ids.filter((x) => x !== id);
  next.splice(to, 0, id);
  return next;
}

/**
 * Moves one item (renumbering the whole list 0..n-1 in one transaction, so concurrent moves
 * always leave a consistent order). Returns false when the id does not exist.
 */
export async function moveItem(
  model: OrderedModel,
  id: number,
  direction: Direction,
): Promise<boolean> {
  return (await reorder(model, (ids) => moved(ids, id, direction))) !== null;
}

/**
 * Sets the whole order from a list of ids (drag and drop). Ids not in the list keep their relative
 * order after the listed ones; unknown ids are ignored. Returns the order written.
 */
export async function setOrder(model: OrderedModel, ids: number[]): Promise<number[]> {
  const next = await reorder(model, (current) => {
    const known = new Set(current);
    const listed = [...new Set(ids)].filter((id) => known.has(id));
    return [...listed, ...current.filter((id) => !listed.includes(id))];
  });
  return next ?? [];
}

/** The same for a project's gallery images. */
export async function moveGalleryImage(
  projectId: number,
  imageId: number,
  direction: Direction,
): Promise<boolean> {
  return (
    (await reorder("projectImage", (ids) => moved(ids, imageId, direction), projectId)) !== null
  );
}

/** A project's gallery images in display order, with ids (for the Move up / Move down forms). */
export function galleryImages(projectId: number): Promise<Array<{ id: number; url: string }>> {
  return prisma.projectImage.findMany({
    where: { projectId },
    select: { id: true, url: true },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });
}
