// The OpenAPI 3.1 document of the REST compatibility API (served at /api/openapi.json), generated
// from the REST table (app/rest/table.ts) that also registers the routes: every path, verb, body
// and answer comes from the entity modules' REST shapes. Request bodies are the zod schemas the
// handlers validate with.
import type { z } from "zod";
import {
  isOwnerOnly,
  okOf,
  type RestOperation,
  type RestShape,
  type RestVerb,
} from "~/entities/rest";
import { itemPathOf, REST_TABLE } from "~/rest/table";
import { MAX_BODY_BYTES } from "./api.server";
import { zodToJsonSchema, type JsonSchema } from "./zod-json-schema";

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
function itemSchema(
  input: z.ZodTypeAny,
  extra: Record<string, JsonSchema> = {},
  omit: readonly string[] = [],
): JsonSchema {
  const props = (zodToJsonSchema(input).properties ?? {}) as Record<string, JsonSchema>;
  const properties: Record<string, JsonSchema> = { ...ID_FIELDS };
  for (const [key, value] of Object.entries(props))
    if (!omit.includes(key)) properties[key] = outputField(value);
  Object.assign(properties, extra);
  return { type: "object", properties, required: Object.keys(properties) };
}

const listOf = (name: string): JsonSchema => ({ type: "array", items: ref(name) });

const bodyOf = (schema: z.ZodTypeAny, description?: string): JsonSchema => ({
  ...zodToJsonSchema(schema),
  ...(description ? { description } : {}),
});

/** The component schemas of the table's shapes: records, lists, bodies and hand-written ones. */
function shapeComponents(): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const shape of REST_TABLE) {
    if (shape.model) {
      schemas[shape.model.name] = itemSchema(
        shape.model.schema,
        shape.model.extra,
        shape.model.omit,
      );
      schemas[`${shape.model.name}List`] = listOf(shape.model.name);
    }
    for (const [name, body] of Object.entries(shape.bodies ?? {})) {
      schemas[name] = bodyOf(body.schema, body.description);
    }
    Object.assign(schemas, shape.schemas);
  }
  return schemas;
}

function components() {
  const schemas: Record<string, JsonSchema> = {
    ...shapeComponents(),
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
  409: "Conflict (a duplicate name, a category still in use, or a contact message sent again)",
  413: `Body too large (JSON and form bodies: ${MAX_BODY_BYTES / 1024} KB)`,
  415: "Unsupported Content-Type",
  429: "Too many messages: try again later",
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** e.g. `get /addfeather/{id}` → `getAddfeatherById`. */
const operationId = (method: RestVerb, path: string) =>
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

function operation(path: string, method: RestVerb, shape: RestShape, op: RestOperation) {
  const hasId = path.includes("{id}");
  const owner = isOwnerOnly(method, op);
  const ok = okOf(shape, method, op, hasId ? "item" : "collection");
  const errors = new Set<number>([405, ...(op.errors ?? [])]);
  if (hasId) [400, 404].forEach((s) => errors.add(s));
  if (owner) errors.add(401);
  if (op.body) [400, 413].forEach((s) => errors.add(s));
  if (op.body && !op.multipart) errors.add(415);
  const json = (schema: JsonSchema) => ({ "application/json": { schema } });
  const responses: Record<string, unknown> = {
    [String(ok[0])]: { description: op.summary, content: json(ref(ok[1])) },
  };
  for (const status of [...errors].sort()) {
    responses[String(status)] = { description: ERROR_TEXT[status], content: json(ref("Error")) };
  }
  return {
    operationId: operationId(method, path),
    summary: op.summary,
    tags: [shape.tag],
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
    security: owner ? [{ apiToken: [] }, { ownerSession: [] }] : [],
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
  const add = (path: string, shape: RestShape, ops: RestShape["collection"]) => {
    if (!ops) return;
    const item: Record<string, unknown> = {};
    for (const [method, op] of Object.entries(ops) as Array<[RestVerb, RestOperation]>) {
      item[method] = operation(path, method, shape, op);
    }
    paths[path] = item;
  };
  for (const shape of REST_TABLE) {
    add(shape.path, shape, shape.collection);
    add(itemPathOf(shape), shape, shape.item);
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
