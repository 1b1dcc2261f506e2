// DELETE /addskill/{id} (decisions.md: skills are deleted here, not through /addcategory).
import { deleteSkill } from "~/models/skill.server";
import { apiRoute, deletedAnswer, requireApiOwner, requireId } from "~/utils/api.server";

const api = apiRoute({
  DELETE: async ({ request, params }) => {
    await requireApiOwner(request);
    const id = requireId(params);
    return deletedAnswer("skill", id, await deleteSkill(id));
  },
});

export const loader = api.loader;
export const action = api.action;
