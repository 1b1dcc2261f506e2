import { z } from "zod";
import { requiredText } from "./fields";
import type { AdminEntity } from "./entity";
import { PUT_NOTE, type RestShape } from "./rest";
import type { FieldSpec } from "./form-fields";

export const categorySchema = z.object({ name: requiredText("Category name", 60) });
export type CategoryInput = z.infer<typeof categorySchema>;

/** decisions.md: category screens say Category (the old app's 'Delete Skill?' was a copy defect). */
export const CATEGORIES: AdminEntity = {
  noun: "Category",
  listUrl: "/dashboard/admin/category",
  addedTitle: "Category Added Successfully!",
  addFailedText: "Failed to add Category.",
  updatedTitle: "Category Updated Successfully!",
  editUrl: (id) => `/dashboard/admin/category-edit/${id}`,
  deleteTitle: "Delete Category?",
  ordered: "category",
  blockedReason: (n) => categoryInUseReason(n),
  menu: { label: "Category", icon: "▤", allLabel: "All Category" },
};

/**
 * REST: GET and POST /addcategory, GET, PUT and DELETE /addcategory/{id} (409 for a name another
 * category has, and for a delete while projects use it).
 */
export const CATEGORY_REST: RestShape = {
  path: "/addcategory",
  tag: "Categories",
  noun: "category",
  model: { name: "Category", schema: categorySchema },
  bodies: {
    CategoryInput: {
      schema: categorySchema,
      description: `On PUT: ${PUT_NOTE} A rename carries over to the projects whose skill it is.`,
    },
  },
  collection: {
    get: { summary: "List categories" },
    post: {
      summary: "Add a category (names are unique, ignoring case)",
      body: "CategoryInput",
      errors: [409],
    },
  },
  item: {
    get: { summary: "One category" },
    put: {
      summary: "Rename a category (names are unique, ignoring case; its projects follow)",
      body: "CategoryInput",
      errors: [409],
    },
    delete: {
      summary: "Delete a category (409 while projects use it as their skill)",
      errors: [409],
    },
  },
};

/** Why a category in use cannot be deleted: the REST answer's text (409). */
export const categoryInUseText = (n: number) =>
  `This category is the skill of ${n} project${n === 1 ? "" : "s"}: change ${n === 1 ? "it" : "them"} first.`;

/** The same, as the dashboard's error dialog says it after 'Failed to delete Category.' */
export const categoryInUseReason = (n: number) =>
  `${n === 1 ? "1 project still uses" : `${n} projects still use`} it as skill. Change the skill of those projects first.`;

/** Add Category's form. */
export const CATEGORY_FIELDS: FieldSpec[] = [
  {
    name: "name",
    label: "Category Name",
    required: true,
    maxLength: 60,
    placeholder: "e.g. React",
    hint: "Shown as a Core Skills chip and offered as a project's skill.",
  },
];
