import type { MetaFunction } from "@remix-run/node";
import { DeleteConfirmScreen } from "~/components/admin/delete-confirm";
import { EDUCATION } from "~/entities/education";
import { educationService } from "~/entities/education.server";
import { deleteConfirmRoute } from "~/utils/admin.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Delete Education");

const route = deleteConfirmRoute({
  entity: EDUCATION,
  service: educationService,
  nameOf: (record) => `${record.degree}, ${record.institution}`,
});
export const loader = route.loader;
export const action = route.action;

export default DeleteConfirmScreen;
