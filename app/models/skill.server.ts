import { prisma } from "./db.server";
import { listOrder, topPosition } from "./position.server";
import type { SkillInput } from "~/entities/skill";

const select = { id: true, name: true } as const;
export type Skill = { id: number; name: string };

export function listSkills(): Promise<Skill[]> {
  return prisma.skill.findMany({ select, orderBy: listOrder });
}

export function countSkills() {
  return prisma.skill.count();
}

export function getSkill(id: number): Promise<Skill | null> {
  return prisma.skill.findUnique({ where: { id }, select });
}

export async function createSkill(input: SkillInput): Promise<Skill> {
  return prisma.skill.create({ data: { ...input, position: await topPosition("skill") }, select });
}

/** Returns the spec's deletedCount (0 when the id does not exist). */
export async function deleteSkill(id: number): Promise<number> {
  return (await prisma.skill.deleteMany({ where: { id } })).count;
}
