// GET /addfeather (the service list) and POST /addfeather {title, subtitle, icon?} (owner only).
import { serviceSchema } from "~/entities/service";
import { createService, listServices } from "~/models/service.server";
import { collectionRoute } from "~/utils/api.server";

const api = collectionRoute({ list: listServices, schema: serviceSchema, create: createService });

export const loader = api.loader;
export const action = api.action;
