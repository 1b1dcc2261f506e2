import { z } from "zod";
import { requiredText } from "./fields";

export const skillSchema = z.object({ name: requiredText("Skill Name", 60) });
export type SkillInput = z.infer<typeof skillSchema>;
