// GET, PUT and DELETE /addeducation/{id}: one education record. Writes are owner only.
import { educationUpdateSchema } from "~/models/education.schema";
import { deleteEducation, getEducation, updateEducation } from "~/models/education.server";
import {
  apiRoute,
  deletedAnswer,
  itemAnswer,
  mergeForUpdate,
  notFound,
  readBody,
  requireApiOwner,
  requireId,
  updatedAnswer,
  validateBody,
} from "~/utils/api.server";

const api = apiRoute({
  GET: async ({ params }) => {
    const id = requireId(params);
    const education = await getEducation(id);
    return education ? itemAnswer(education) : notFound("education record", id);
  },
  PUT: async ({ request, params }) => {
    await requireApiOwner(request);
    const id = requireId(params);
    const body = await readBody(request);
    const current = await getEducation(id);
    if (!current)
      return updatedAnswer("education record", id, { matchedCount: 0, modifiedCount: 0 });
    const input = validateBody(educationUpdateSchema, mergeForUpdate(current, body));
    return updatedAnswer("education record", id, await updateEducation(id, input));
  },
  DELETE: async ({ request, params }) => {
    await requireApiOwner(request);
    const id = requireId(params);
    return deletedAnswer("education record", id, await deleteEducation(id));
  },
});

export const loader = api.loader;
export const action = api.action;
