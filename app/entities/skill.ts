import { z } from "zod";
import { requiredText } from "./fields";
import type { AdminEntity } from "./entity";

export const skillSchema = z.object({ name: requiredText("Skill Name", 60) });
export type SkillInput = z.infer<typeof skillSchema>;

export const SKILLS: AdminEntity = {
  noun: "Skill",
  listUrl: "/dashboard/admin/skills",
  addedTitle: "Skill Added Successfully!",
  addFailedText: "Failed to add Skill.",
};
