// GET, PUT and DELETE /addeducation/{id}: one education record. Writes are owner only.
import { educationUpdateSchema } from "~/entities/education";
import { deleteEducation, getEducation, updateEducation } from "~/models/education.server";
import { itemRoute } from "~/utils/api.server";

const api = itemRoute({
  noun: "education record",
  get: getEducation,
  schema: educationUpdateSchema,
  update: updateEducation,
  remove: deleteEducation,
});

export const loader = api.loader;
export const action = api.action;
