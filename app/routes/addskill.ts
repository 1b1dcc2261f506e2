// GET /addskill (the skill list) and POST /addskill {name} (owner only).
import { skillSchema } from "~/models/skill.schema";
import { createSkill, listSkills } from "~/models/skill.server";
import {
  apiRoute,
  createdAnswer,
  listAnswer,
  readBody,
  requireApiOwner,
  validateBody,
} from "~/utils/api.server";

const api = apiRoute({
  GET: async () => listAnswer(await listSkills()),
  POST: async ({ request }) => {
    await requireApiOwner(request);
    const input = validateBody(skillSchema, await readBody(request));
    return createdAnswer((await createSkill(input)).id);
  },
});

export const loader = api.loader;
export const action = api.action;
