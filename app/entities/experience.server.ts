// Experience records: the service the dashboard and REST /addexperience call.
import * as model from "~/models/experience.server";
import { entityService } from "./entity.server";

export const experienceService = entityService("experience", {
  list: model.listExperience,
  get: model.getExperience,
  create: model.createExperience,
  update: model.updateExperience,
  remove: model.deleteExperience,
});
