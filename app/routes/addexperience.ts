// GET /addexperience and POST /addexperience {title, institution, year, description} (owner only).
import { experienceSchema } from "~/models/experience.schema";
import { createExperience, listExperience } from "~/models/experience.server";
import {
  apiRoute,
  createdAnswer,
  listAnswer,
  readBody,
  requireApiOwner,
  validateBody,
} from "~/utils/api.server";

const api = apiRoute({
  GET: async () => listAnswer(await listExperience()),
  POST: async ({ request }) => {
    await requireApiOwner(request);
    const input = validateBody(experienceSchema, await readBody(request));
    return createdAnswer((await createExperience(input)).id);
  },
});

export const loader = api.loader;
export const action = api.action;
