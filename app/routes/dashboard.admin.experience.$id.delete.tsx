import type { MetaFunction } from "@remix-run/node";
import { DeleteConfirmScreen } from "~/components/admin/delete-confirm";
import { EXPERIENCE } from "~/entities/experience";
import { experienceService } from "~/entities/experience.server";
import { deleteConfirmRoute } from "~/utils/admin.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Delete Experience");

const route = deleteConfirmRoute({
  entity: EXPERIENCE,
  service: experienceService,
  nameOf: (record) => `${record.title}, ${record.institution}`,
});
export const loader = route.loader;
export const action = route.action;

export default DeleteConfirmScreen;
