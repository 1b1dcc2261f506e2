import type { MetaFunction } from "@remix-run/node";
import { DeleteConfirmScreen } from "~/components/admin/delete-confirm";
import { SKILLS } from "~/entities/skill";
import { skillService } from "~/entities/skill.server";
import { deleteConfirmRoute } from "~/utils/admin.server";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Delete Skill");

const route = deleteConfirmRoute({
  entity: SKILLS,
  service: skillService,
  nameOf: (skill) => skill.name,
});
export const loader = route.loader;
export const action = route.action;

export default DeleteConfirmScreen;
