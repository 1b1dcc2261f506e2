// Education records: the service the dashboard and REST /addeducation call.
import * as model from "~/models/education.server";
import { entityService } from "./entity.server";

export const educationService = entityService("education", {
  list: model.listEducation,
  get: model.getEducation,
  create: model.createEducation,
  update: model.updateEducation,
  remove: model.deleteEducation,
});
