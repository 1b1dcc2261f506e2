// Categories: the service the dashboard and REST /addcategory call. Names are unique ignoring
// case (a duplicate is refused with a field message, on create and rename); a rename carries over
// to the projects using the old name as their skill; a category used as the skill of projects is
// not deleted (blockedBy says by how many).
import type { CategoryInput } from "./category";
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from "~/models/category.server";
import { entityService } from "./entity.server";

export const categoryService = entityService("category", {
  list: listCategories,
  get: getCategory,
  create: async (input: CategoryInput) => {
    const result = await createCategory(input);
    return result.ok ? result.category : { fieldErrors: { name: result.error } };
  },
  update: async (id: number, input: CategoryInput) => {
    const result = await updateCategory(id, input);
    if (!result.ok) return { fieldErrors: { name: result.error } };
    const { ok: _ok, ...counts } = result;
    return counts;
  },
  remove: deleteCategory,
});
