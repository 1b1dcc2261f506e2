// Skills: the service the dashboard and REST /addskill call. Names are unique ignoring case and
// surrounding spaces: a name another skill has is refused with a field message (on add and
// rename; a skill's own name in another case is fine).
import type { SkillInput } from "./skill";
import {
  createSkill,
  deleteSkill,
  getSkill,
  listSkills,
  takenSkillName,
  updateSkill,
} from "~/models/skill.server";
import { entityService, type Refusal } from "./entity.server";

/** The refusal of a name another skill has, or null. */
async function nameRefusal(name: string, exceptId?: number): Promise<Refusal | null> {
  const taken = await takenSkillName(name, exceptId);
  return taken === null
    ? null
    : { fieldErrors: { name: `A skill named "${taken}" already exists.` } };
}

export const skillService = entityService("skill", {
  list: listSkills,
  get: getSkill,
  create: async (input: SkillInput) => (await nameRefusal(input.name)) ?? createSkill(input),
  update: async (id: number, input: SkillInput) => {
    const refusal = (await getSkill(id)) ? await nameRefusal(input.name, id) : null;
    return refusal ?? updateSkill(id, input);
  },
  remove: deleteSkill,
});
