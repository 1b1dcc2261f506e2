import { z } from "zod";
import { optionalText, requiredText } from "./fields";
import type { AdminEntity } from "./entity";
import { PUT_NOTE, type RestShape } from "./rest";
import type { FieldSpec } from "./form-fields";

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
  editUrl: (id) => `/dashboard/admin/education-edit/${id}`,
  ordered: "education",
  menu: { label: "Education", icon: "◈", allLabel: "All Education" },
};

/**
 * REST: GET and POST /addeducation, GET, PUT and DELETE /addeducation/{id}. Both writes take what
 * a record can be stored with (the description optional), like the old backend; the dashboard's
 * Edit Education keeps requiring it.
 */
export const EDUCATION_REST: RestShape = {
  path: "/addeducation",
  tag: "Education",
  noun: "education record",
  model: { name: "Education", schema: educationCreateSchema },
  bodies: {
    EducationInput: { schema: educationCreateSchema, description: `On PUT: ${PUT_NOTE}` },
  },
  collection: {
    get: { summary: "List education records" },
    post: { summary: "Add an education record", body: "EducationInput" },
  },
  item: {
    get: { summary: "One education record" },
    put: { summary: "Update an education record", body: "EducationInput" },
    delete: { summary: "Delete an education record" },
  },
};

const description = (required: boolean): FieldSpec => ({
  name: "description",
  label: "Description",
  kind: "textarea",
  required,
  maxLength: 2000,
  rows: 4,
  markdown: true,
});

const baseFields: FieldSpec[] = [
  { name: "degree", label: "Degree", required: true, maxLength: 150 },
  { name: "institution", label: "Institution", required: true, maxLength: 150 },
  { name: "year", label: "Passing Year", required: true, maxLength: 50, placeholder: "e.g. 2024" },
];

/** Add Education: degree, institution and year required; description optional. */
export const EDUCATION_ADD_FIELDS: FieldSpec[] = [...baseFields, description(false)];
/** Edit Education: all four required (spec section 5). */
export const EDUCATION_EDIT_FIELDS: FieldSpec[] = [...baseFields, description(true)];
