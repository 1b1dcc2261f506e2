// GET /addeducation and POST /addeducation {degree, institution, year, description} (owner only).
import { educationCreateSchema } from "~/models/education.schema";
import { createEducation, listEducation } from "~/models/education.server";
import {
  apiRoute,
  createdAnswer,
  listAnswer,
  readBody,
  requireApiOwner,
  validateBody,
} from "~/utils/api.server";

const api = apiRoute({
  GET: async () => listAnswer(await listEducation()),
  POST: async ({ request }) => {
    await requireApiOwner(request);
    const input = validateBody(educationCreateSchema, await readBody(request));
    return createdAnswer((await createEducation(input)).id);
  },
});

export const loader = api.loader;
export const action = api.action;
