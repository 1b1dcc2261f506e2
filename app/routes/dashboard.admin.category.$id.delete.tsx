import type { MetaFunction } from "@remix-run/node";
import { DeleteConfirmScreen } from "~/components/admin/delete-confirm";
import { CATEGORIES } from "~/entities/category";
import { deleteCategory, getCategory } from "~/models/category.server";
import { deleteConfirmRoute } from "~/utils/admin.server";

export const meta: MetaFunction = () => [{ title: "Delete Category | Admin" }];

const route = deleteConfirmRoute({
  entity: CATEGORIES,
  find: getCategory,
  nameOf: (category) => category.name,
  remove: async (id) => {
    const { deletedCount, blockedBy } = await deleteCategory(id);
    if (!blockedBy) return { deletedCount };
    const projects = blockedBy === 1 ? "1 project still uses" : `${blockedBy} projects still use`;
    return {
      deletedCount,
      reason: `${projects} it as skill. Change the skill of those projects first.`,
    };
  },
});
export const loader = route.loader;
export const action = route.action;

export default DeleteConfirmScreen;
