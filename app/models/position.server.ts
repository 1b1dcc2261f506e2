import { prisma } from "./db.server";

export type OrderedModel =
  "skill" | "category" | "service" | "project" | "education" | "experience";

/** The position that puts a new item first (lists are ordered by position, then newest id). */
export async function topPosition(model: OrderedModel): Promise<number> {
  const rows = await prisma.$queryRawUnsafe<Array<{ p: number | bigint | null }>>(
    `SELECT MIN(position) AS p FROM "${tableName[model]}"`,
  );
  const min = rows[0]?.p;
  return (min === null || min === undefined ? 1 : Number(min)) - 1;
}

export const tableName: Record<OrderedModel, string> = {
  skill: "Skill",
  category: "Category",
  service: "Service",
  project: "Project",
  education: "Education",
  experience: "Experience",
};

/** The order every list uses: the owner's position, newest first among equals. */
export const listOrder = [{ position: "asc" as const }, { id: "desc" as const }];
