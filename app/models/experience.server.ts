import { prisma } from "./db.server";
import type { Prisma } from "@prisma/client";
import { selectOf } from "./select.server";
import { experienceSchema, type ExperienceInput } from "~/entities/experience";
import type { UpdateResult } from "~/entities/fields";
import { updateIfChanged } from "./update.server";
import { listOrder, topPosition } from "./position.server";
import { pageOf, searchWhere } from "./search.server";
import type { ListPage } from "~/utils/list-query";

const select = selectOf(experienceSchema);
export type Experience = Prisma.ExperienceGetPayload<{ select: typeof select }>;

export function listExperience(): Promise<Experience[]> {
  return prisma.experience.findMany({ select, orderBy: listOrder });
}

/** One page of the experience records containing every word of `q` (title, institution, year, description). */
export async function pageOfExperience(q: string, page: number): Promise<ListPage<Experience>> {
  const where = await searchWhere("Experience", ["title", "institution", "year", "description"], q);
  return pageOf(
    page,
    () => prisma.experience.count({ where }),
    (skip, take) => prisma.experience.findMany({ select, where, orderBy: listOrder, skip, take }),
  );
}

export function countExperience() {
  return prisma.experience.count();
}

export function getExperience(id: number): Promise<Experience | null> {
  return prisma.experience.findUnique({ where: { id }, select });
}

export async function createExperience(input: ExperienceInput): Promise<Experience> {
  return prisma.experience.create({
    data: { ...input, position: await topPosition("experience") },
    select,
  });
}

/** Saves an experience record; modifiedCount 0 when nothing changed. */
export async function updateExperience(id: number, input: ExperienceInput): Promise<UpdateResult> {
  return updateIfChanged(await getExperience(id), input, () =>
    prisma.experience.update({ where: { id }, data: input }),
  );
}

export async function deleteExperience(id: number): Promise<number> {
  return (await prisma.experience.deleteMany({ where: { id } })).count;
}
