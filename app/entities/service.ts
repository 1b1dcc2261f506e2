import { z } from "zod";
import { optionalText, requiredText } from "./fields";
import type { AdminEntity } from "./entity";

/** Icons a service card can show (the admin's icon choice; rendered by components/service-icon). */
export const SERVICE_ICONS = [
  "code",
  "design",
  "mobile",
  "server",
  "database",
  "cloud",
  "search",
  "chart",
  "shield",
  "support",
] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

export const serviceSchema = z.object({
  title: requiredText("Title", 120),
  subtitle: optionalText("Sub-Title", 1000),
  icon: z
    .enum(SERVICE_ICONS, { errorMap: () => ({ message: "Choose one of the listed icons" }) })
    .optional()
    .nullable()
    .transform((v) => v ?? "code"),
});
export type ServiceInput = z.infer<typeof serviceSchema>;

export const SERVICES: AdminEntity = {
  noun: "Service",
  listUrl: "/dashboard/admin/services",
  addedTitle: "Service Added Successfully!",
  addFailedText: "Failed to add Service.",
  updatedTitle: "Service Updated Successfully!",
};
