// GET, PUT and DELETE /addfeather/{id}: one service. Writes are owner only.
import { serviceSchema } from "~/entities/service";
import { deleteService, getService, updateService } from "~/models/service.server";
import { itemRoute } from "~/utils/api.server";

const api = itemRoute({
  noun: "service",
  get: getService,
  schema: serviceSchema,
  update: updateService,
  remove: deleteService,
});

export const loader = api.loader;
export const action = api.action;
