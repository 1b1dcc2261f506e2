import { prisma } from "./db.server";
import type { ExperienceInput } from "~/entities/experience";
import { listOrder, topPosition } from "./position.server";

const select = { id: true, title: true, institution: true, year: true, description: true } as const;
export type Experience = {
  id: number;
  title: string;
  institution: string;
  year: string;
  description: string;
};

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

export async function deleteExperience(id: number): Promise<number> {
  return (await prisma.experience.deleteMany({ where: { id } })).count;
}
