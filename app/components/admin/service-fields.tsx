import { ServiceIcon, SERVICE_ICON_LABELS } from "~/components/service-icon";
import { SERVICE_ICONS } from "~/entities/service";
import type { FieldSpec } from "./entity-form";

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
      icon: <ServiceIcon name={icon} className="h-5 w-5" />,
    })),
  },
];
