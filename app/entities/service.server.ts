// Services (the 'feathers' of the home page): the service the dashboard and REST /addfeather call.
import {
  createService,
  deleteService,
  getService,
  listServices,
  updateService,
  type Service,
} from "~/models/service.server";
import { orderingOf, removal, type EntityService } from "./entity.server";
import type { ServiceInput } from "./service";

export const serviceService: EntityService<Service, ServiceInput> = {
  list: () => listServices(),
  get: (id) => getService(id),
  create: createService,
  update: updateService,
  remove: removal(deleteService),
  ...orderingOf("service"),
};
