import { z } from "zod";
import { optionalText, requiredText } from "./fields";
import type { AdminEntity } from "./entity";

export const experienceSchema = z.object({
  title: requiredText("Title", 150),
  institution: requiredText("Institution Name", 150),
  year: requiredText("Experience Duration", 50),
  description: optionalText("Description", 2000),
});
export type ExperienceInput = z.infer<typeof experienceSchema>;

export const EXPERIENCE: AdminEntity = {
  noun: "Experience",
  listUrl: "/dashboard/admin/experience",
  addedTitle: "Experience Added Successfully!",
  addFailedText: "Failed to add Experience.",
};
