import type { MetaFunction } from "@remix-run/node";
import { DeleteConfirmScreen } from "~/components/admin/delete-confirm";
import { CATEGORIES } from "~/entities/category";
import { categoryService } from "~/entities/category.server";
import { deleteConfirmRoute } from "~/utils/admin.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Delete Category");

const route = deleteConfirmRoute({
  entity: CATEGORIES,
  service: categoryService,
  nameOf: (category) => category.name,
});
export const loader = route.loader;
export const action = route.action;

export default DeleteConfirmScreen;
