// Services (the 'feathers' of the home page): the service the dashboard and REST /addfeather call.
import * as model from "~/models/service.server";
import { entityService } from "./entity.server";

export const serviceService = entityService("service", {
  list: model.listServices,
  get: model.getService,
  create: model.createService,
  update: model.updateService,
  remove: model.deleteService,
});
