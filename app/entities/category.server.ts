// Categories: the service the dashboard and REST /addcategory call. Names are unique ignoring
// case (a duplicate is refused with a field message); a category used as the skill of projects
// is not deleted (blockedBy says by how many).
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  type Category,
} from "~/models/category.server";
import type { CategoryInput } from "./category";
import { orderingOf, type EntityService } from "./entity.server";

export const categoryService: EntityService<Category, CategoryInput> = {
  list: () => listCategories(),
  get: (id) => getCategory(id),
  create: async (input) => {
    const result = await createCategory(input);
    return result.ok ? result.category : { fieldErrors: { name: result.error } };
  },
  remove: deleteCategory,
  ...orderingOf("category"),
};
