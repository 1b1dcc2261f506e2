import { prisma } from "./db.server";
import type { Prisma } from "@prisma/client";
import { selectOf } from "./select.server";
import { educationCreateSchema, type EducationInput } from "~/entities/education";
import type { UpdateResult } from "~/entities/fields";
import { updateIfChanged } from "./update.server";
import { listOrder, topPosition } from "./position.server";
import { pageOf, searchWhere } from "./search.server";
import type { ListPage } from "~/utils/list-query";

const select = selectOf(educationCreateSchema);
export type Education = Prisma.EducationGetPayload<{ select: typeof select }>;

export function listEducation(): Promise<Education[]> {
  return prisma.education.findMany({ select, orderBy: listOrder });
}

/** One page of the education records containing every word of `q` (degree, institution, year, description). */
export async function pageOfEducation(q: string, page: number): Promise<ListPage<Education>> {
  const where = await searchWhere("Education", ["degree", "institution", "year", "description"], q);
  return pageOf(
    page,
    () => prisma.education.count({ where }),
    (skip, take) => prisma.education.findMany({ select, where, orderBy: listOrder, skip, take }),
  );
}

export function countEducation() {
  return prisma.education.count();
}

export function getEducation(id: number): Promise<Education | null> {
  return prisma.education.findUnique({ where: { id }, select });
}

export async function createEducation(input: EducationInput): Promise<Education> {
  return prisma.education.create({
    data: { ...input, position: await topPosition("education") },
    select,
  });
}

export async function updateEducation(id: number, input: EducationInput): Promise<UpdateResult> {
  return updateIfChanged(await getEducation(id), input, () =>
    prisma.education.update({ where: { id }, data: input }),
  );
}

export async function deleteEducation(id: number): Promise<number> {
  return (await prisma.education.deleteMany({ where: { id } })).count;
}
