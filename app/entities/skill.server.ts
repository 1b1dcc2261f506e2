// Skills: the service the dashboard and REST /addskill call.
import { createSkill, deleteSkill, getSkill, listSkills, type Skill } from "~/models/skill.server";
import { orderingOf, removal, type EntityService } from "./entity.server";
import type { SkillInput } from "./skill";

export const skillService: EntityService<Skill, SkillInput> = {
  list: () => listSkills(),
  get: (id) => getSkill(id),
  create: createSkill,
  remove: removal(deleteSkill),
  ...orderingOf("skill"),
};
