import { z } from "zod";
import { requiredText } from "./fields";
import type { AdminEntity } from "./entity";
import { PUT_NOTE, type RestShape } from "./rest";
import type { FieldSpec } from "./form-fields";

export const skillSchema = z.object({ name: requiredText("Skill Name", 60) });
export type SkillInput = z.infer<typeof skillSchema>;

export const SKILLS: AdminEntity = {
  noun: "Skill",
  listUrl: "/dashboard/admin/skills",
  addedTitle: "Skill Added Successfully!",
  addFailedText: "Failed to add Skill.",
  updatedTitle: "Skill Updated Successfully!",
  editUrl: (id) => `/dashboard/admin/skill-edit/${id}`,
  ordered: "skill",
  menu: { label: "Skills", icon: "★", allLabel: "All Skills" },
};

/**
 * REST: GET and POST /addskill, GET, PUT and DELETE /addskill/{id} (decisions.md: skills are
 * deleted here); 409 for a name another skill has.
 */
export const SKILL_REST: RestShape = {
  path: "/addskill",
  tag: "Skills",
  noun: "skill",
  model: { name: "Skill", schema: skillSchema },
  bodies: { SkillInput: { schema: skillSchema, description: `On PUT: ${PUT_NOTE}` } },
  collection: {
    get: { summary: "List skills" },
    post: {
      summary: "Add a skill (names are unique, ignoring case)",
      body: "SkillInput",
      errors: [409],
    },
  },
  item: {
    get: { summary: "One skill" },
    put: {
      summary: "Rename a skill (names are unique, ignoring case)",
      body: "SkillInput",
      errors: [409],
    },
    delete: { summary: "Delete a skill" },
  },
};

/** Add Skill's form. */
export const SKILL_FIELDS: FieldSpec[] = [
  { name: "name", label: "Skill Name", required: true, maxLength: 60, placeholder: "e.g. React" },
];
