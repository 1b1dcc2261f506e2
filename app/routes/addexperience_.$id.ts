// DELETE /addexperience/{id} (owner only).
import { deleteExperience } from "~/models/experience.server";
import { apiRoute, deletedAnswer, requireApiOwner, requireId } from "~/utils/api.server";

const api = apiRoute({
  DELETE: async ({ request, params }) => {
    await requireApiOwner(request);
    const id = requireId(params);
    return deletedAnswer("experience record", id, await deleteExperience(id));
  },
});

export const loader = api.loader;
export const action = api.action;
