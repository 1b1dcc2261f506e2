// Categories: the service the dashboard and REST /addcategory call. Names are unique ignoring
// case (a duplicate is refused with a field message); a category used as the skill of projects
// is not deleted (blockedBy says by how many).
import type { CategoryInput } from "./category";
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
} from "~/models/category.server";
import { entityService } from "./entity.server";

export const categoryService = entityService("category", {
  list: listCategories,
  get: getCategory,
  create: async (input: CategoryInput) => {
    const result = await createCategory(input);
    return result.ok ? result.category : { fieldErrors: { name: result.error } };
  },
  remove: deleteCategory,
});
