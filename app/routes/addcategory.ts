// GET /addcategory (the category list) and POST /addcategory {name} (owner only).
import { categorySchema } from "~/entities/category";
import { createCategory, listCategories } from "~/models/category.server";
import {
  apiError,
  apiRoute,
  createdAnswer,
  listAnswer,
  readBody,
  requireApiOwner,
  validateBody,
} from "~/utils/api.server";

const api = apiRoute({
  GET: async () => listAnswer(await listCategories()),
  POST: async ({ request }) => {
    await requireApiOwner(request);
    const input = validateBody(categorySchema, await readBody(request));
    const result = await createCategory(input);
    if (!result.ok) return apiError(409, result.error, { fields: { name: result.error } });
    return createdAnswer(result.category.id);
  },
});

export const loader = api.loader;
export const action = api.action;
