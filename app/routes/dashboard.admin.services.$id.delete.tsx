import type { MetaFunction } from "@remix-run/node";
import { DeleteConfirmScreen } from "~/components/admin/delete-confirm";
import { SERVICES } from "~/entities/service";
import { serviceService } from "~/entities/service.server";
import { deleteConfirmRoute } from "~/utils/admin.server";

export const meta: MetaFunction = () => [{ title: "Delete Service | Admin" }];

const route = deleteConfirmRoute({
  entity: SERVICES,
  service: serviceService,
  nameOf: (service) => service.title,
});
export const loader = route.loader;
export const action = route.action;

export default DeleteConfirmScreen;
