// GET /addskill (the skill list) and POST /addskill {name} (owner only).
import { skillSchema } from "~/entities/skill";
import { createSkill, listSkills } from "~/models/skill.server";
import { collectionRoute } from "~/utils/api.server";

const api = collectionRoute({ list: listSkills, schema: skillSchema, create: createSkill });

export const loader = api.loader;
export const action = api.action;
