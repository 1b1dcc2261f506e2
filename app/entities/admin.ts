// The entities the dashboard manages with list, add, edit and delete screens, in the sidebar's
// order. The sidebar (components/admin-layout.tsx) and reordering (dashboard.admin.reorder.ts,
// components/admin/reorder-controls.tsx) read this list.
import { CATEGORIES } from "./category";
import { EDUCATION } from "./education";
import type { AdminEntity } from "./entity";
import { EXPERIENCE } from "./experience";
import { PROJECTS } from "./project";
import { SERVICES } from "./service";
import { SKILLS } from "./skill";

export const ADMIN_ENTITIES: readonly AdminEntity[] = [
  SKILLS,
  CATEGORIES,
  SERVICES,
  PROJECTS,
  EDUCATION,
  EXPERIENCE,
];

/** The key of a list in reorder requests: the last segment of its URL ('skills'). */
export const reorderKeyOf = (entity: AdminEntity) => entity.listUrl.split("/").pop() ?? "";

/** The lists the owner can reorder, by key (the `entity` field of POST /dashboard/admin/reorder). */
export const REORDER_KEYS = ADMIN_ENTITIES.filter((entity) => entity.ordered).map(reorderKeyOf);

/** The entity behind a reorder key. */
export const entityOfReorderKey = (key: string) =>
  ADMIN_ENTITIES.find((entity) => entity.ordered && reorderKeyOf(entity) === key);

export const REORDER_URL = "/dashboard/admin/reorder";
