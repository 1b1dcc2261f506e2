// GET /addfeather (the service list) and POST /addfeather {title, subtitle, icon?} (owner only).
import { serviceSchema } from "~/models/service.schema";
import { createService, listServices } from "~/models/service.server";
import {
  apiRoute,
  createdAnswer,
  listAnswer,
  readBody,
  requireApiOwner,
  validateBody,
} from "~/utils/api.server";

const api = apiRoute({
  GET: async () => listAnswer(await listServices()),
  POST: async ({ request }) => {
    await requireApiOwner(request);
    const input = validateBody(serviceSchema, await readBody(request));
    return createdAnswer((await createService(input)).id);
  },
});

export const loader = api.loader;
export const action = api.action;
