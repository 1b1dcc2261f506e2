// Skills: the service the dashboard and REST /addskill call.
import { createSkill, deleteSkill, getSkill, listSkills } from "~/models/skill.server";
import { entityService } from "./entity.server";

export const skillService = entityService("skill", {
  list: listSkills,
  get: getSkill,
  create: createSkill,
  remove: deleteSkill,
});
