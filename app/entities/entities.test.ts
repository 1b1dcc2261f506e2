// Each entity is described once, in its module: these checks make the descriptions agree, so a
// field added to an entity's zod schema without its form field (or the other way round) fails
// here, and the REST table cannot list a verb that nothing serves.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { REST_SERVICES } from "~/rest/services.server";
import { REST_TABLE, restRouteList } from "~/rest/table";
import { shapeOf } from "~/utils/api.server";
import { openApiDocument } from "~/utils/openapi.server";
import { ADMIN_ENTITIES, REORDER_KEYS, entityOfReorderKey } from "./admin";
import { CATEGORY_FIELDS, CATEGORY_REST, categorySchema } from "./category";
import {
  EDUCATION_ADD_FIELDS,
  EDUCATION_EDIT_FIELDS,
  EDUCATION_REST,
  educationCreateSchema,
  educationUpdateSchema,
} from "./education";
import { addUrlOf } from "./entity";
import { EXPERIENCE_FIELDS, EXPERIENCE_REST, experienceSchema } from "./experience";
import type { FieldSpec } from "./form-fields";
import type { RestShape } from "./rest";
import { PROFILE_FIELDS, PROFILE_REST, profileSchema } from "./profile";
import {
  PROJECT_ADD_FIELDS,
  PROJECT_EDIT_FIELDS,
  PROJECT_REST,
  projectCreateSchema,
  projectStoredSchema,
  projectUpdateSchema,
} from "./project";
import { SERVICE_FIELDS, SERVICE_REST, serviceSchema } from "./service";
import { SKILL_FIELDS, SKILL_REST, skillSchema } from "./skill";

/** The project forms' own inputs: the thumbnail, gallery and social card uploads, the two checkboxes. */
const PROJECT_SPECIAL_INPUTS = ["thumbnail", "images", "ogImage", "draft", "featured"];

/**
 * Every admin form with the schema its action validates with and the REST body of the same input
 * (none for an edit form stricter than what the API takes: the API's PUT takes what the record
 * can be stored with). `restSchema`: the REST body's schema when the API is more lenient than the
 * form (projects: what the old backend stored). `special`: the schema keys the form gives inputs
 * of its own (files, checkboxes), which these checks skip. `requiredMessages`: a required field
 * whose missing value has its own message.
 */
const FORMS: Array<{
  form: string;
  fields: FieldSpec[];
  schema: z.ZodTypeAny;
  rest?: RestShape;
  body?: string;
  restSchema?: z.ZodTypeAny;
  special?: string[];
  requiredMessages?: Record<string, string>;
}> = [
  {
    form: "Add Skill",
    fields: SKILL_FIELDS,
    schema: skillSchema,
    rest: SKILL_REST,
    body: "SkillInput",
  },
  {
    form: "Add Category",
    fields: CATEGORY_FIELDS,
    schema: categorySchema,
    rest: CATEGORY_REST,
    body: "CategoryInput",
  },
  {
    form: "Add/Edit Feather",
    fields: SERVICE_FIELDS,
    schema: serviceSchema,
    rest: SERVICE_REST,
    body: "ServiceInput",
  },
  {
    form: "Add Education",
    fields: EDUCATION_ADD_FIELDS,
    schema: educationCreateSchema,
    rest: EDUCATION_REST,
    body: "EducationInput",
  },
  {
    form: "Edit Education",
    fields: EDUCATION_EDIT_FIELDS,
    schema: educationUpdateSchema,
  },
  {
    form: "Add Experience",
    fields: EXPERIENCE_FIELDS,
    schema: experienceSchema,
    rest: EXPERIENCE_REST,
    body: "ExperienceInput",
  },
  {
    form: "Add Portfolio",
    fields: PROJECT_ADD_FIELDS,
    schema: projectCreateSchema,
    rest: PROJECT_REST,
    body: "ProjectInput",
    restSchema: projectStoredSchema,
    special: PROJECT_SPECIAL_INPUTS,
    requiredMessages: { level: "Level must be Beginner, Intermediate or Advanced" },
  },
  {
    form: "Edit Project",
    fields: PROJECT_EDIT_FIELDS,
    schema: projectUpdateSchema,
    special: PROJECT_SPECIAL_INPUTS,
    requiredMessages: { level: "Level must be Beginner, Intermediate or Advanced" },
  },
  {
    form: "Profile",
    fields: PROFILE_FIELDS,
    schema: profileSchema,
    rest: PROFILE_REST,
    body: "ProfileInput",
    special: ["image"],
  },
];

const names = (fields: FieldSpec[], special: string[] = []) =>
  [...fields.map((f) => f.name), ...special].sort();
/** A value of `length` characters the field's input type accepts (a URL, an email address). */
const valueOf = (field: FieldSpec, length: number) => {
  const [prefix, suffix] =
    field.type === "url"
      ? ["https://example.com/", ""]
      : field.type === "email"
        ? ["", "@example.com"]
        : ["", ""];
  return prefix + "x".repeat(length - prefix.length - suffix.length) + suffix;
};
/**
 * The message of the schema's first issue on `key`, lower-cased: the form's label and the
 * message's may differ in case ('Category Name' field, 'Category name is required', both spec
 * texts), never in words.
 */
const issueOf = (schema: z.ZodTypeAny, input: object, key: string) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) return undefined;
  return parsed.error.issues.find((i) => i.path[0] === key)?.message.toLowerCase();
};

describe.each(FORMS)("$form", (form) => {
  const { fields, schema, rest, body, restSchema, special, requiredMessages = {} } = form;
  it("has a form field for every schema key, and no other", () => {
    expect(names(fields, special)).toEqual(Object.keys(shapeOf(schema)).sort());
    for (const name of special ?? []) expect(names(fields), name).not.toContain(name);
  });

  it.skipIf(!rest)("documents the same fields as the REST body (OpenAPI)", () => {
    const documented = openApiDocument().components as {
      schemas: Record<string, { properties: object }>;
    };
    expect(Object.keys(documented.schemas[body!].properties).sort()).toEqual(
      names(fields, special),
    );
    expect(rest!.bodies?.[body!]?.schema).toBe(restSchema ?? schema);
  });

  it("marks as required exactly what the schema requires, with the label in its message", () => {
    for (const field of fields) {
      const message = issueOf(schema, {}, field.name);
      if (field.required)
        expect(message, field.name).toBe(
          (requiredMessages[field.name] ?? `${field.label} is required`).toLowerCase(),
        );
      else expect(message, field.name).toBeUndefined();
    }
  });

  it("gives text fields the schema's maximum length", () => {
    for (const field of fields.filter((f) => f.maxLength)) {
      const max = field.maxLength!;
      expect(issueOf(schema, { [field.name]: valueOf(field, max) }, field.name), field.name).toBe(
        undefined,
      );
      expect(
        issueOf(schema, { [field.name]: valueOf(field, max + 1) }, field.name),
        field.name,
      ).toBe(`${field.label} must be at most ${max} characters`.toLowerCase());
    }
  });

  it("offers exactly the values the schema accepts (choices)", () => {
    for (const field of fields.filter((f) => f.options)) {
      for (const option of field.options!) {
        expect(issueOf(schema, { [field.name]: option.value }, field.name)).toBeUndefined();
      }
      expect(issueOf(schema, { [field.name]: "not-an-option" }, field.name)).toBeDefined();
    }
  });
});

describe("the REST table", () => {
  it("has a service behind every entity path, with an operation for every verb it lists", () => {
    for (const shape of REST_TABLE.filter((s) => !s.handler)) {
      const binding = REST_SERVICES[shape.path];
      expect(binding, shape.path).toBeDefined();
      const { service } = binding;
      if (shape.collection?.post)
        expect(service.create, `POST ${shape.path}`).toBeTypeOf("function");
      if (shape.item?.put) expect(service.update, `PUT ${shape.path}/{id}`).toBeTypeOf("function");
      if (shape.item?.delete)
        expect(service.remove, `DELETE ${shape.path}/{id}`).toBeTypeOf("function");
      for (const verb of ["post", "put"] as const) {
        const op = verb === "post" ? shape.collection?.post : shape.item?.put;
        if (op) expect(shape.bodies?.[op.body ?? ""], `${verb} ${shape.path} body`).toBeDefined();
      }
    }
  });

  it("takes on POST and PUT what a record can be stored with (the record's own schema)", () => {
    for (const shape of REST_TABLE.filter((s) => s.model)) {
      for (const op of [shape.collection?.post, shape.item?.put]) {
        if (op?.body) expect(shape.bodies?.[op.body]?.schema, shape.path).toBe(shape.model!.schema);
      }
    }
  });

  it("has GET and PUT by id wherever the collection can be added to", () => {
    for (const shape of REST_TABLE.filter((s) => !s.handler && s.collection?.post)) {
      expect(Object.keys(shape.item ?? {}).sort(), shape.path).toEqual(["delete", "get", "put"]);
    }
    expect(Object.keys(PROFILE_REST.item ?? {}).sort()).toEqual(["get", "put"]);
  });

  it("registers one route per documented path, and a JSON 404 under every prefix", () => {
    const routes = restRouteList();
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    const documented = Object.keys(openApiDocument().paths as object).sort();
    const registered = routes
      .filter((r) => !r.path.endsWith("/*"))
      .map((r) => "/" + r.path.replace(/:id$/, "{id}"))
      .sort();
    expect(registered).toEqual(documented);
    for (const shape of REST_TABLE) {
      const prefix = shape.path.split("/")[1];
      expect(routes.some((r) => r.path === `${prefix}/*` && r.file === "rest/not-found.ts")).toBe(
        true,
      );
    }
  });
});

describe("the dashboard's entities", () => {
  it("each have list and add URLs under /dashboard/admin, and the reorder keys name them", () => {
    for (const entity of ADMIN_ENTITIES) {
      expect(entity.listUrl).toMatch(/^\/dashboard\/admin\/[a-z]+$/);
      expect(addUrlOf(entity)).toBe(`${entity.listUrl}/add`);
    }
    expect(REORDER_KEYS).toEqual([
      "skills",
      "category",
      "services",
      "projects",
      "education",
      "experience",
    ]);
    for (const key of REORDER_KEYS) expect(entityOfReorderKey(key)?.ordered).toBeTruthy();
  });
});
