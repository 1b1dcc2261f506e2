// Education records: the service the dashboard and REST /addeducation call.
import {
  createEducation,
  deleteEducation,
  getEducation,
  listEducation,
  updateEducation,
  type Education,
} from "~/models/education.server";
import type { EducationInput } from "./education";
import { orderingOf, removal, type EntityService } from "./entity.server";

export const educationService: EntityService<Education, EducationInput> = {
  list: () => listEducation(),
  get: (id) => getEducation(id),
  create: createEducation,
  update: updateEducation,
  remove: removal(deleteEducation),
  ...orderingOf("education"),
};
