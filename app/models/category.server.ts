import { prisma } from "./db.server";
import type { Prisma } from "@prisma/client";
import { selectOf } from "./select.server";
import { listOrder, topPosition } from "./position.server";
import { hasChanges, type UpdateResult } from "~/entities/fields";
import { categorySchema, type CategoryInput } from "~/entities/category";
import { pageOf, searchWhere, takenName } from "./search.server";
import type { ListPage } from "~/utils/list-query";

const select = selectOf(categorySchema);
export type Category = Prisma.CategoryGetPayload<{ select: typeof select }>;

export function listCategories(): Promise<Category[]> {
  return prisma.category.findMany({ select, orderBy: listOrder });
}

export function countCategories() {
  return prisma.category.count();
}

export function getCategory(id: number): Promise<Category | null> {
  return prisma.category.findUnique({ where: { id }, select });
}

/** One page of the categories whose name contains every word of `q`, in the owner's order. */
export async function pageOfCategories(q: string, page: number): Promise<ListPage<Category>> {
  const where = await searchWhere("Category", ["name"], q);
  return pageOf(
    page,
    () => prisma.category.count({ where }),
    (skip, take) => prisma.category.findMany({ select, where, orderBy: listOrder, skip, take }),
  );
}

/**
 * The refusal of a name another category (not `exceptId`) has, ignoring case and surrounding
 * spaces (create and rename say the same, naming the existing one), or null.
 */
async function nameTakenError(name: string, exceptId?: number): Promise<string | null> {
  const taken = await takenName("Category", name, exceptId);
  return taken === null ? null : `A category named "${taken}" already exists.`;
}

export type CreateCategoryResult = { ok: true; category: Category } | { ok: false; error: string };

export async function createCategory(input: CategoryInput): Promise<CreateCategoryResult> {
  const error = await nameTakenError(input.name);
  if (error) return { ok: false, error };
  const category = await prisma.category.create({
    data: { ...input, position: await topPosition("category") },
    select,
  });
  return { ok: true, category };
}

export type UpdateCategoryResult = ({ ok: true } & UpdateResult) | { ok: false; error: string };

/**
 * Renames a category. The name stays unique ignoring case (its own name in another case is
 * fine), and the projects whose skill is the old name get the new one in the same transaction,
 * so no project loses its skill.
 */
export async function updateCategory(
  id: number,
  input: CategoryInput,
): Promise<UpdateCategoryResult> {
  const current = await getCategory(id);
  if (!current) return { ok: true, matchedCount: 0, modifiedCount: 0 };
  if (!hasChanges(current, input)) return { ok: true, matchedCount: 1, modifiedCount: 0 };
  const error = await nameTakenError(input.name, id);
  if (error) return { ok: false, error };
  await prisma.$transaction([
    prisma.category.update({ where: { id }, data: input }),
    prisma.project.updateMany({ where: { skill: current.name }, data: { skill: input.name } }),
  ]);
  return { ok: true, matchedCount: 1, modifiedCount: 1 };
}

/** How many projects use the category's name as their skill. */
export function countProjectsUsingCategory(name: string) {
  return prisma.project.count({ where: { skill: name } });
}

export type DeleteCategoryResult = { deletedCount: number; blockedBy?: number };

/**
 * Deletes a category unless projects still use it (it is their skill): then nothing is deleted
 * and `blockedBy` says how many projects to change first.
 */
export async function deleteCategory(id: number): Promise<DeleteCategoryResult> {
  const category = await getCategory(id);
  if (!category) return { deletedCount: 0 };
  const used = await countProjectsUsingCategory(category.name);
  if (used > 0) return { deletedCount: 0, blockedBy: used };
  return { deletedCount: (await prisma.category.deleteMany({ where: { id } })).count };
}
