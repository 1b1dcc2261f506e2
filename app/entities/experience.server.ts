// Experience records: the service the dashboard and REST /addexperience call.
import {
  createExperience,
  deleteExperience,
  getExperience,
  listExperience,
  type Experience,
} from "~/models/experience.server";
import { orderingOf, removal, type EntityService } from "./entity.server";
import type { ExperienceInput } from "./experience";

export const experienceService: EntityService<Experience, ExperienceInput> = {
  list: () => listExperience(),
  get: (id) => getExperience(id),
  create: createExperience,
  remove: removal(deleteExperience),
  ...orderingOf("experience"),
};
