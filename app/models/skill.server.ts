import { prisma } from "./db.server";
import type { Prisma } from "@prisma/client";
import { selectOf } from "./select.server";
import { listOrder, topPosition } from "./position.server";
import { skillSchema, type SkillInput } from "~/entities/skill";
import type { UpdateResult } from "~/entities/fields";
import { updateIfChanged } from "./update.server";
import { pageOf, searchWhere, takenName } from "./search.server";
import type { ListPage } from "~/utils/list-query";

const select = selectOf(skillSchema);
export type Skill = Prisma.SkillGetPayload<{ select: typeof select }>;

export function listSkills(): Promise<Skill[]> {
  return prisma.skill.findMany({ select, orderBy: listOrder });
}

/** One page of the skills whose name contains every word of `q`, in the owner's order. */
export async function pageOfSkills(q: string, page: number): Promise<ListPage<Skill>> {
  const where = await searchWhere("Skill", ["name"], q);
  return pageOf(
    page,
    () => prisma.skill.count({ where }),
    (skip, take) => prisma.skill.findMany({ select, where, orderBy: listOrder, skip, take }),
  );
}

/** The name another skill (not `exceptId`) has that equals `name` ignoring case, or null. */
export function takenSkillName(name: string, exceptId?: number) {
  return takenName("Skill", name, exceptId);
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

/** Saves a skill; modifiedCount 0 when nothing changed (matchedCount 0 when it does not exist). */
export async function updateSkill(id: number, input: SkillInput): Promise<UpdateResult> {
  return updateIfChanged(await getSkill(id), input, () =>
    prisma.skill.update({ where: { id }, data: input }),
  );
}

/** Returns the spec's deletedCount (0 when the id does not exist). */
export async function deleteSkill(id: number): Promise<number> {
  return (await prisma.skill.deleteMany({ where: { id } })).count;
}
