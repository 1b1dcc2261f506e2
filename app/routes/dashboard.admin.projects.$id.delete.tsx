import type { MetaFunction } from "@remix-run/node";
import { DeleteConfirmScreen } from "~/components/admin/delete-confirm";
import { PROJECTS } from "~/entities/project";
import { projectService } from "~/entities/project.server";
import { deleteConfirmRoute } from "~/utils/admin.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Delete Project");

/** GET: the no-JavaScript confirmation page; POST: the delete (the list's dialog posts here too). */
const route = deleteConfirmRoute({
  entity: PROJECTS,
  service: projectService,
  nameOf: (project) => project.title,
});
export const loader = route.loader;
export const action = route.action;

export default DeleteConfirmScreen;
