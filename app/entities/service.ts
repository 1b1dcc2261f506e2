import { z } from "zod";
import { optionalText, requiredText } from "./fields";
import type { AdminEntity } from "./entity";
import { PUT_NOTE, type RestShape } from "./rest";
import type { FieldSpec } from "./form-fields";

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
  editUrl: (id) => `/dashboard/admin/service-edit/${id}`,
  ordered: "service",
  menu: { label: "Services", icon: "✦", allLabel: "All Services" },
};

/** REST: GET and POST /addfeather, GET, PUT and DELETE /addfeather/{id}. */
export const SERVICE_REST: RestShape = {
  path: "/addfeather",
  tag: "Services",
  noun: "service",
  model: { name: "Service", schema: serviceSchema },
  bodies: { ServiceInput: { schema: serviceSchema, description: `On PUT: ${PUT_NOTE}` } },
  collection: {
    get: { summary: "List services" },
    post: { summary: "Add a service", body: "ServiceInput" },
  },
  item: {
    get: { summary: "One service" },
    put: { summary: "Update a service", body: "ServiceInput" },
    delete: { summary: "Delete a service" },
  },
};

/** The icon choice's labels. */
export const SERVICE_ICON_LABELS: Record<ServiceIcon, string> = {
  code: "Code",
  design: "Design",
  mobile: "Mobile",
  server: "Server",
  database: "Database",
  cloud: "Cloud",
  search: "Search / SEO",
  chart: "Analytics",
  shield: "Security",
  support: "Support",
};

/** Add Feather and Edit Feather: Title (required), Sub-Title (multi-line) and the card's icon. */
export const SERVICE_FIELDS: FieldSpec[] = [
  { name: "title", label: "Title", required: true, maxLength: 120 },
  { name: "subtitle", label: "Sub-Title", kind: "textarea", maxLength: 1000, rows: 4 },
  {
    name: "icon",
    label: "Icon",
    kind: "radio",
    hint: "Shown on the service's card on the home page.",
    options: SERVICE_ICONS.map((icon) => ({
      value: icon,
      label: SERVICE_ICON_LABELS[icon],
      icon,
    })),
  },
];
