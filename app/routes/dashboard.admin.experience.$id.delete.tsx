import type { MetaFunction } from "@remix-run/node";
import { DeleteConfirmScreen } from "~/components/admin/delete-confirm";
import { EXPERIENCE } from "~/entities/experience";
import { deleteExperience, getExperience } from "~/models/experience.server";
import { deleteConfirmRoute } from "~/utils/admin.server";

export const meta: MetaFunction = () => [{ title: "Delete Experience | Admin" }];

const route = deleteConfirmRoute({
  entity: EXPERIENCE,
  find: getExperience,
  nameOf: (record) => `${record.title}, ${record.institution}`,
  remove: deleteExperience,
});
export const loader = route.loader;
export const action = route.action;

export default DeleteConfirmScreen;
