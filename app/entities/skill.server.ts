// Skills: the service the dashboard and REST /addskill call.
import { createSkill, deleteSkill, getSkill, listSkills, updateSkill } from "~/models/skill.server";
import { entityService } from "./entity.server";

export const skillService = entityService("skill", {
  list: listSkills,
  get: getSkill,
  create: createSkill,
  update: updateSkill,
  remove: deleteSkill,
});
