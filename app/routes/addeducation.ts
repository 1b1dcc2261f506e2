// GET /addeducation and POST /addeducation {degree, institution, year, description} (owner only).
import { educationCreateSchema } from "~/entities/education";
import { createEducation, listEducation } from "~/models/education.server";
import { collectionRoute } from "~/utils/api.server";

const api = collectionRoute({
  list: listEducation,
  schema: educationCreateSchema,
  create: createEducation,
});

export const loader = api.loader;
export const action = api.action;
