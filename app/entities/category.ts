import { z } from "zod";
import { requiredText } from "./fields";
import type { AdminEntity } from "./entity";

export const categorySchema = z.object({ name: requiredText("Category name", 60) });
export type CategoryInput = z.infer<typeof categorySchema>;

/** decisions.md: category screens say Category (the old app's 'Delete Skill?' was a copy defect). */
export const CATEGORIES: AdminEntity = {
  noun: "Category",
  listUrl: "/dashboard/admin/category",
  addedTitle: "Category Added Successfully!",
  addFailedText: "Failed to add Category.",
  deleteTitle: "Delete Category?",
};
