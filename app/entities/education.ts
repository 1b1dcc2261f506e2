import { z } from "zod";
import { optionalText, requiredText } from "./fields";
import type { AdminEntity } from "./entity";

const base = {
  degree: requiredText("Degree", 150),
  institution: requiredText("Institution", 150),
  year: requiredText("Passing Year", 50),
};

/** Add Education: description optional. */
export const educationCreateSchema = z.object({
  ...base,
  description: optionalText("Description", 2000),
});
/** Edit Education: all four required (spec section 5). */
export const educationUpdateSchema = z.object({
  ...base,
  description: requiredText("Description", 2000),
});
export type EducationInput = z.infer<typeof educationCreateSchema>;

export const EDUCATION: AdminEntity = {
  noun: "Education",
  listUrl: "/dashboard/admin/education",
  addedTitle: "Education Added Successfully!",
  addFailedText: "Failed to add Education.",
  updatedTitle: "Education Updated Successfully!",
};
