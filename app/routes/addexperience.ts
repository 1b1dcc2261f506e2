// GET /addexperience and POST /addexperience {title, institution, year, description} (owner only).
import { experienceSchema } from "~/entities/experience";
import { createExperience, listExperience } from "~/models/experience.server";
import { collectionRoute } from "~/utils/api.server";

const api = collectionRoute({
  list: listExperience,
  schema: experienceSchema,
  create: createExperience,
});

export const loader = api.loader;
export const action = api.action;
