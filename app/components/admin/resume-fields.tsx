import type { FieldSpec } from "./entity-form";

const description = (required: boolean): FieldSpec => ({
  name: "description",
  label: "Description",
  kind: "textarea",
  required,
  maxLength: 2000,
  rows: 4,
});

const educationBase: FieldSpec[] = [
  { name: "degree", label: "Degree", required: true, maxLength: 150 },
  { name: "institution", label: "Institution", required: true, maxLength: 150 },
  { name: "year", label: "Passing Year", required: true, maxLength: 50, placeholder: "e.g. 2024" },
];

/** Add Education: degree, institution and year required; description optional. */
export const EDUCATION_ADD_FIELDS: FieldSpec[] = [...educationBase, description(false)];
/** Edit Education: all four required (spec section 5). */
export const EDUCATION_EDIT_FIELDS: FieldSpec[] = [...educationBase, description(true)];

/** Add Experience: title, institution and duration required; description optional. */
export const EXPERIENCE_FIELDS: FieldSpec[] = [
  { name: "title", label: "Title", required: true, maxLength: 150 },
  { name: "institution", label: "Institution Name", required: true, maxLength: 150 },
  {
    name: "year",
    label: "Experience Duration",
    required: true,
    maxLength: 50,
    placeholder: "e.g. 6 months+",
  },
  description(false),
];
