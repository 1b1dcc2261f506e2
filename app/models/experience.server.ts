import { prisma } from "./db.server";
import type { Prisma } from "@prisma/client";
import { selectOf } from "./select.server";
import { experienceSchema, type ExperienceInput } from "~/entities/experience";
import type { UpdateResult } from "~/entities/fields";
import { updateIfChanged } from "./update.server";
import { listOrder, topPosition } from "./position.server";

const select = selectOf(experienceSchema);
export type Experience = Prisma.ExperienceGetPayload<{ select: typeof select }>;

export function listExperience(): Promise<Experience[]> {
  return prisma.experience.findMany({ select, orderBy: listOrder });
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
