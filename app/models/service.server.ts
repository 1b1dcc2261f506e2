import { prisma } from "./db.server";
import type { Prisma } from "@prisma/client";
import { selectOf } from "./select.server";
import type { UpdateResult } from "~/entities/fields";
import { updateIfChanged } from "./update.server";
import { listOrder, topPosition } from "./position.server";
import { pageOf, searchWhere } from "./search.server";
import type { ListPage } from "~/utils/list-query";
import { serviceSchema, type ServiceInput } from "~/entities/service";

const select = selectOf(serviceSchema);
export type Service = Prisma.ServiceGetPayload<{ select: typeof select }>;

export function listServices(): Promise<Service[]> {
  return prisma.service.findMany({ select, orderBy: listOrder });
}

/** One page of the service records containing every word of `q` (title, subtitle). */
export async function pageOfServices(q: string, page: number): Promise<ListPage<Service>> {
  const where = await searchWhere("Service", ["title", "subtitle"], q);
  return pageOf(
    page,
    () => prisma.service.count({ where }),
    (skip, take) => prisma.service.findMany({ select, where, orderBy: listOrder, skip, take }),
  );
}

export function countServices() {
  return prisma.service.count();
}

export function getService(id: number): Promise<Service | null> {
  return prisma.service.findUnique({ where: { id }, select });
}

export async function createService(input: ServiceInput): Promise<Service> {
  return prisma.service.create({
    data: { ...input, position: await topPosition("service") },
    select,
  });
}

/** Updates a service; modifiedCount is 0 when nothing changed (the spec's 'No Changes Made'). */
export async function updateService(id: number, input: ServiceInput): Promise<UpdateResult> {
  return updateIfChanged(await getService(id), input, () =>
    prisma.service.update({ where: { id }, data: input }),
  );
}

export async function deleteService(id: number): Promise<number> {
  return (await prisma.service.deleteMany({ where: { id } })).count;
}
