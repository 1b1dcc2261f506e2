import { prisma } from "./db.server";
import type { Prisma } from "@prisma/client";
import { selectOf } from "./select.server";
import { listOrder, topPosition } from "./position.server";
import { categorySchema, type CategoryInput } from "~/entities/category";

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

export async function categoryNameTaken(name: string): Promise<boolean> {
  const rows = await prisma.$queryRawUnsafe<Array<{ n: number | bigint }>>(
    `SELECT COUNT(*) AS n FROM "Category" WHERE name = ? COLLATE NOCASE`,
    name,
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

export type CreateCategoryResult = { ok: true; category: Category } | { ok: false; error: string };

export async function createCategory(input: CategoryInput): Promise<CreateCategoryResult> {
  if (await categoryNameTaken(input.name)) {
    return { ok: false, error: `A category named "${input.name}" already exists.` };
  }
  const category = await prisma.category.create({
    data: { ...input, position: await topPosition("category") },
    select,
  });
  return { ok: true, category };
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
