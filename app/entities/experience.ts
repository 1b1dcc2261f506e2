import { z } from "zod";
import { optionalText, requiredText } from "./fields";
import type { AdminEntity } from "./entity";
import { PUT_NOTE, type RestShape } from "./rest";
import type { FieldSpec } from "./form-fields";

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
  ordered: "experience",
  menu: { label: "Experience", icon: "⌘", allLabel: "All Experience" },
};

/** REST: GET and POST /addexperience, GET, PUT and DELETE /addexperience/{id}. */
export const EXPERIENCE_REST: RestShape = {
  path: "/addexperience",
  tag: "Experience",
  noun: "experience record",
  model: { name: "Experience", schema: experienceSchema },
  bodies: { ExperienceInput: { schema: experienceSchema, description: `On PUT: ${PUT_NOTE}` } },
  collection: {
    get: { summary: "List experience records" },
    post: { summary: "Add an experience record", body: "ExperienceInput" },
  },
  item: {
    get: { summary: "One experience record" },
    put: { summary: "Update an experience record", body: "ExperienceInput" },
    delete: { summary: "Delete an experience record" },
  },
};

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
  {
    name: "description",
    label: "Description",
    kind: "textarea",
    maxLength: 2000,
    rows: 4,
    markdown: true,
  },
];
