import { z } from "zod";
import { requiredText } from "./fields";

export const categorySchema = z.object({ name: requiredText("Category name", 60) });
export type CategoryInput = z.infer<typeof categorySchema>;
