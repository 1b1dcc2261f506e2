// GET, PUT and DELETE /addfeather/{id}: one service. Writes are owner only.
import { serviceSchema } from "~/models/service.schema";
import { deleteService, getService, updateService } from "~/models/service.server";
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
    const service = await getService(id);
    return service ? itemAnswer(service) : notFound("service", id);
  },
  PUT: async ({ request, params }) => {
    await requireApiOwner(request);
    const id = requireId(params);
    const body = await readBody(request);
    const current = await getService(id);
    if (!current) return updatedAnswer("service", id, { matchedCount: 0, modifiedCount: 0 });
    const input = validateBody(serviceSchema, mergeForUpdate(current, body));
    return updatedAnswer("service", id, await updateService(id, input));
  },
  DELETE: async ({ request, params }) => {
    await requireApiOwner(request);
    const id = requireId(params);
    return deletedAnswer("service", id, await deleteService(id));
  },
});

export const loader = api.loader;
export const action = api.action;
