// The OpenAPI 3.1 document of the REST compatibility API (served at /api/openapi.json). Request
// bodies are generated from the same zod schemas the admin forms and the API routes validate with.
import type { z } from "zod";
import { categorySchema } from "~/entities/category";
import { educationCreateSchema, educationUpdateSchema } from "~/entities/education";
import { experienceSchema } from "~/entities/experience";
import { contactSchema } from "~/entities/message";
import { profileSchema } from "~/entities/profile";
import { projectCreateSchema, projectUpdateSchema } from "~/entities/project";
import { serviceSchema } from "~/entities/service";
import { skillSchema } from "~/entities/skill";
import { MAX_BODY_BYTES } from "./api.server";
import { zodToJsonSchema, type JsonSchema } from "./zod-json-schema";

type Method = "get" | "post" | "put" | "delete";
type Operation = {
  summary: string;
  /** Owner only (session cookie or API token). */
  owner?: boolean;
  /** Component name of the request body. */
  body?: string;
  /** Status and component name of the success answer. */
  ok: [number, string];
  /** Extra error statuses beyond the usual ones. */
  errors?: number[];
  multipart?: boolean;
};
type PathSpec = { tag: string; ops: Partial<Record<Method, Operation>> };

/** Every API path and its methods (tests check this against the route files and their Allow). */
export const API_PATHS: Record<string, PathSpec> = {
  "/adduser": {
    tag: "Profile",
    ops: {
      get: { summary: "List profiles (the first is the site's profile)", ok: [200, "ProfileList"] },
    },
  },
  "/adduser/{id}": {
    tag: "Profile",
    ops: {
      put: {
        summary: "Update the profile",
        owner: true,
        body: "ProfileInput",
        ok: [200, "Updated"],
      },
    },
  },
  "/addskill": {
    tag: "Skills",
    ops: {
      get: { summary: "List skills", ok: [200, "SkillList"] },
      post: { summary: "Add a skill", owner: true, body: "SkillInput", ok: [201, "Created"] },
    },
  },
  "/addskill/{id}": {
    tag: "Skills",
    ops: { delete: { summary: "Delete a skill", owner: true, ok: [200, "Deleted"] } },
  },
  "/addcategory": {
    tag: "Categories",
    ops: {
      get: { summary: "List categories", ok: [200, "CategoryList"] },
      post: {
        summary: "Add a category (names are unique, ignoring case)",
        owner: true,
        body: "CategoryInput",
        ok: [201, "Created"],
        errors: [409],
      },
    },
  },
  "/addcategory/{id}": {
    tag: "Categories",
    ops: {
      delete: {
        summary: "Delete a category (409 while projects use it as their skill)",
        owner: true,
        ok: [200, "Deleted"],
        errors: [409],
      },
    },
  },
  "/addfeather": {
    tag: "Services",
    ops: {
      get: { summary: "List services", ok: [200, "ServiceList"] },
      post: { summary: "Add a service", owner: true, body: "ServiceInput", ok: [201, "Created"] },
    },
  },
  "/addfeather/{id}": {
    tag: "Services",
    ops: {
      get: { summary: "One service", ok: [200, "Service"] },
      put: { summary: "Update a service", owner: true, body: "ServiceInput", ok: [200, "Updated"] },
      delete: { summary: "Delete a service", owner: true, ok: [200, "Deleted"] },
    },
  },
  "/addprotfolio": {
    tag: "Projects",
    ops: {
      get: { summary: "List projects (drafts only for the owner)", ok: [200, "ProjectList"] },
      post: { summary: "Add a project", owner: true, body: "ProjectCreate", ok: [201, "Created"] },
    },
  },
  "/addprotfolio/{id}": {
    tag: "Projects",
    ops: {
      get: { summary: "One project (a draft only for the owner)", ok: [200, "Project"] },
      put: {
        summary: "Update a project",
        owner: true,
        body: "ProjectUpdate",
        ok: [200, "Updated"],
      },
      delete: { summary: "Delete a project", owner: true, ok: [200, "Deleted"] },
    },
  },
  "/addeducation": {
    tag: "Education",
    ops: {
      get: { summary: "List education records", ok: [200, "EducationList"] },
      post: {
        summary: "Add an education record",
        owner: true,
        body: "EducationCreate",
        ok: [201, "Created"],
      },
    },
  },
  "/addeducation/{id}": {
    tag: "Education",
    ops: {
      get: { summary: "One education record", ok: [200, "Education"] },
      put: {
        summary: "Update an education record",
        owner: true,
        body: "EducationUpdate",
        ok: [200, "Updated"],
      },
      delete: { summary: "Delete an education record", owner: true, ok: [200, "Deleted"] },
    },
  },
  "/addexperience": {
    tag: "Experience",
    ops: {
      get: { summary: "List experience records", ok: [200, "ExperienceList"] },
      post: {
        summary: "Add an experience record",
        owner: true,
        body: "ExperienceInput",
        ok: [201, "Created"],
      },
    },
  },
  "/addexperience/{id}": {
    tag: "Experience",
    ops: { delete: { summary: "Delete an experience record", owner: true, ok: [200, "Deleted"] } },
  },
  "/sendmail": {
    tag: "Contact",
    ops: {
      post: {
        summary: "Send a contact message (public; spam and rate limits apply)",
        body: "ContactInput",
        ok: [201, "MailSent"],
        errors: [429],
      },
    },
  },
  "/upload": {
    tag: "Images",
    ops: {
      post: {
        summary: "Upload an image (multipart field `image`)",
        owner: true,
        body: "ImageUpload",
        ok: [200, "Uploaded"],
        multipart: true,
      },
    },
  },
  "/api/openapi.json": {
    tag: "Meta",
    ops: { get: { summary: "This OpenAPI document", ok: [200, "OpenApiDocument"] } },
  },
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** An answer's field: what the input field stores (always present, never null). */
function outputField(input: JsonSchema): JsonSchema {
  const { minLength: _min, default: _default, ...rest } = input;
  if (Array.isArray(rest.type)) {
    const types = (rest.type as string[]).filter((t) => t !== "null");
    rest.type = types.length === 1 ? types[0] : types;
    if (Array.isArray(rest.enum)) rest.enum = (rest.enum as unknown[]).filter((v) => v !== null);
  }
  if (rest.type === "array" && rest.items) rest.items = outputField(rest.items as JsonSchema);
  if (Array.isArray(rest.anyOf)) {
    const kept = (rest.anyOf as JsonSchema[]).filter((s) => s.type !== "null");
    return kept.length === 1 ? outputField(kept[0]) : { anyOf: kept.map(outputField) };
  }
  return rest;
}

const ID_FIELDS = {
  _id: { type: "string", description: "The id as a string (the old client's Mongo-style `_id`)" },
  id: { type: "integer", minimum: 1 },
};

/** A stored item: `_id`, `id` and every field of the input schema (plus `extra`). */
function itemSchema(input: z.ZodTypeAny, extra: Record<string, JsonSchema> = {}): JsonSchema {
  const props = (zodToJsonSchema(input).properties ?? {}) as Record<string, JsonSchema>;
  const properties: Record<string, JsonSchema> = { ...ID_FIELDS };
  for (const [key, value] of Object.entries(props)) properties[key] = outputField(value);
  Object.assign(properties, extra);
  return { type: "object", properties, required: Object.keys(properties) };
}

const listOf = (name: string): JsonSchema => ({ type: "array", items: ref(name) });

const bodyOf = (schema: z.ZodTypeAny, description?: string): JsonSchema => ({
  ...zodToJsonSchema(schema),
  ...(description ? { description } : {}),
});

const PUT_NOTE = "Fields left out keep their current values.";

function components() {
  const schemas: Record<string, JsonSchema> = {
    Profile: itemSchema(profileSchema),
    ProfileList: listOf("Profile"),
    ProfileInput: bodyOf(profileSchema, `The whole profile object. ${PUT_NOTE}`),
    Skill: itemSchema(skillSchema),
    SkillList: listOf("Skill"),
    SkillInput: bodyOf(skillSchema),
    Category: itemSchema(categorySchema),
    CategoryList: listOf("Category"),
    CategoryInput: bodyOf(categorySchema),
    Service: itemSchema(serviceSchema),
    ServiceList: listOf("Service"),
    ServiceInput: bodyOf(serviceSchema, `On PUT: ${PUT_NOTE}`),
    Project: itemSchema(projectCreateSchema, {
      budget: { type: ["number", "null"] },
      liveUrl: { type: "string", description: "Alias of liveView" },
      featured: { type: "boolean" },
      draft: { type: "boolean" },
      updatedAt: { type: "string", format: "date-time" },
    }),
    ProjectList: listOf("Project"),
    ProjectCreate: bodyOf(
      projectCreateSchema,
      "Thumbnail and images are URLs (from POST /upload or http(s)). `skill` must be an existing " +
        "category name. At least one of liveView and sourceCode is required. `liveUrl` is " +
        "accepted as an alias of `liveView`.",
    ),
    ProjectUpdate: bodyOf(
      projectUpdateSchema,
      `Same rules as ProjectCreate, with more required fields. ${PUT_NOTE}`,
    ),
    Education: itemSchema(educationCreateSchema),
    EducationList: listOf("Education"),
    EducationCreate: bodyOf(educationCreateSchema),
    EducationUpdate: bodyOf(educationUpdateSchema, PUT_NOTE),
    Experience: itemSchema(experienceSchema),
    ExperienceList: listOf("Experience"),
    ExperienceInput: bodyOf(experienceSchema),
    ContactInput: bodyOf(contactSchema),
    ImageUpload: {
      type: "object",
      properties: { image: { type: "string", contentMediaType: "application/octet-stream" } },
      required: ["image"],
    },
    Uploaded: {
      type: "object",
      properties: {
        data: {
          type: "object",
          properties: {
            url: {
              type: "string",
              description: "Root-relative URL of the stored image (/images/KEY)",
            },
            display_url: { type: "string", format: "uri", description: "The same, absolute" },
          },
          required: ["url"],
        },
        success: { const: true },
        status: { const: 200 },
      },
      required: ["data"],
    },
    MailSent: {
      type: "object",
      properties: { success: { const: true } },
      required: ["success"],
    },
    Created: {
      type: "object",
      properties: {
        acknowledged: { const: true },
        insertedId: { type: "string" },
        success: { const: true },
      },
      required: ["acknowledged", "insertedId", "success"],
    },
    Updated: {
      type: "object",
      properties: {
        acknowledged: { const: true },
        matchedCount: { const: 1 },
        modifiedCount: { enum: [0, 1], description: "0 when nothing changed" },
        success: { const: true },
      },
      required: ["acknowledged", "matchedCount", "modifiedCount", "success"],
    },
    Deleted: {
      type: "object",
      properties: { acknowledged: { const: true }, deletedCount: { const: 1 } },
      required: ["acknowledged", "deletedCount"],
    },
    Error: {
      type: "object",
      properties: {
        success: { const: false },
        error: { type: "string", description: "A message a person can read" },
        fields: {
          type: "object",
          additionalProperties: { type: "string" },
          description: "Validation failures: the first message per field",
        },
      },
      required: ["success", "error"],
    },
    OpenApiDocument: { type: "object" },
  };
  return {
    schemas,
    securitySchemes: {
      apiToken: {
        type: "http",
        scheme: "bearer",
        description: "Authorization: Bearer <API_TOKEN> (only when API_TOKEN is set)",
      },
      ownerSession: {
        type: "apiKey",
        in: "cookie",
        name: "__Host-folio_session",
        description: "The owner's session cookie (folio_session on plain-http setups)",
      },
    },
  };
}

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input: malformed JSON, a wrong type, a missing or over-long field, or a bad id",
  401: "Not the owner: no session and no valid API token",
  404: "No item with this id",
  405: "Method not allowed (see the Allow header)",
  409: "Conflict (a duplicate name, or a category still in use)",
  413: `Body too large (JSON and form bodies: ${MAX_BODY_BYTES / 1024} KB)`,
  415: "Unsupported Content-Type",
  429: "Too many messages: try again later",
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** e.g. `get /addfeather/{id}` → `getAddfeatherById`. */
const operationId = (method: Method, path: string) =>
  method +
  path
    .split("/")
    .filter(Boolean)
    .map((seg) =>
      seg === "{id}"
        ? "ById"
        : seg
            .split(/[^A-Za-z0-9]+/)
            .map(capitalize)
            .join(""),
    )
    .join("");

function operation(path: string, method: Method, spec: PathSpec, op: Operation) {
  const hasId = path.includes("{id}");
  const errors = new Set<number>([405, ...(op.errors ?? [])]);
  if (hasId) [400, 404].forEach((s) => errors.add(s));
  if (op.owner) errors.add(401);
  if (op.body) [400, 413].forEach((s) => errors.add(s));
  if (op.body && !op.multipart) errors.add(415);
  const json = (schema: JsonSchema) => ({ "application/json": { schema } });
  const responses: Record<string, unknown> = {
    [String(op.ok[0])]: { description: op.summary, content: json(ref(op.ok[1])) },
  };
  for (const status of [...errors].sort()) {
    responses[String(status)] = { description: ERROR_TEXT[status], content: json(ref("Error")) };
  }
  return {
    operationId: operationId(method, path),
    summary: op.summary,
    tags: [spec.tag],
    ...(hasId
      ? {
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              schema: { type: "integer", minimum: 1, maximum: 2_147_483_647 },
            },
          ],
        }
      : {}),
    security: op.owner ? [{ apiToken: [] }, { ownerSession: [] }] : [],
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: op.multipart
              ? { "multipart/form-data": { schema: ref(op.body) } }
              : {
                  "application/json": { schema: ref(op.body) },
                  "application/x-www-form-urlencoded": { schema: ref(op.body) },
                },
          },
        }
      : {}),
    responses,
  };
}

let cached: JsonSchema | undefined;

/** The OpenAPI 3.1 document. */
export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const paths: Record<string, unknown> = {};
  for (const [path, spec] of Object.entries(API_PATHS)) {
    const item: Record<string, unknown> = {};
    for (const [method, op] of Object.entries(spec.ops) as Array<[Method, Operation]>) {
      item[method] = operation(path, method, spec, op);
    }
    paths[path] = item;
  }
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Folio REST compatibility API",
      version: "1.0.0",
      description:
        "The calls of the old single-page client (spec section 7), same paths and JSON. Reads " +
        "are public; writes need the owner (session cookie from a same-origin page, or " +
        "`Authorization: Bearer <API_TOKEN>`). `POST /sendmail` is the one public write. " +
        "Every error is JSON `{ success: false, error }`. See docs/api.md.",
    },
    servers: [{ url: "/" }],
    paths,
    components: components(),
  };
  return cached;
}
