import type { MetaFunction } from "@remix-run/node";
import { DeleteConfirmScreen } from "~/components/admin/delete-confirm";
import { SERVICES } from "~/entities/service";
import { serviceService } from "~/entities/service.server";
import { deleteConfirmRoute } from "~/utils/admin.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Delete Service");

const route = deleteConfirmRoute({
  entity: SERVICES,
  service: serviceService,
  nameOf: (service) => service.title,
});
export const loader = route.loader;
export const action = route.action;

export default DeleteConfirmScreen;
