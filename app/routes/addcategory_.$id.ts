// DELETE /addcategory/{id}: refused with 409 while projects use the category as their skill.
import { deleteCategory } from "~/models/category.server";
import { apiError, apiRoute, deletedAnswer, requireApiOwner, requireId } from "~/utils/api.server";

const api = apiRoute({
  DELETE: async ({ request, params }) => {
    await requireApiOwner(request);
    const id = requireId(params);
    const result = await deleteCategory(id);
    if (result.blockedBy) {
      const n = result.blockedBy;
      return apiError(
        409,
        `This category is the skill of ${n} project${n === 1 ? "" : "s"}: change ${n === 1 ? "it" : "them"} first.`,
        { acknowledged: true, deletedCount: 0, blockedBy: n },
      );
    }
    return deletedAnswer("category", id, result.deletedCount);
  },
});

export const loader = api.loader;
export const action = api.action;
