// A small zod (v3) → JSON Schema (2020-12, as OpenAPI 3.1 uses) converter for the types the
// app's schemas use. An unsupported type throws, so a new kind of field cannot slip through.
import { z } from "zod";

export type JsonSchema = { [key: string]: unknown };

function stringSchema(s: z.ZodString): JsonSchema {
  const out: JsonSchema = { type: "string" };
  for (const check of s._def.checks) {
    if (check.kind === "min") out.minLength = check.value;
    else if (check.kind === "max") out.maxLength = check.value;
    else if (check.kind === "email") out.format = "email";
    else if (check.kind === "url") out.format = "uri";
  }
  return out;
}

function numberSchema(s: z.ZodNumber): JsonSchema {
  const out: JsonSchema = { type: "number" };
  for (const check of s._def.checks) {
    if (check.kind === "int") out.type = "integer";
    else if (check.kind === "min")
      out[check.inclusive ? "minimum" : "exclusiveMinimum"] = check.value;
    else if (check.kind === "max")
      out[check.inclusive ? "maximum" : "exclusiveMaximum"] = check.value;
  }
  return out;
}

/** Whether a field may be left out of an object (zod accepts `undefined` for it). */
export function isOptionalField(schema: z.ZodTypeAny): boolean {
  return schema.safeParse(undefined).success;
}

/** The JSON Schema of what a zod schema accepts as input. */
export function zodToJsonSchema(schema: z.ZodTypeAny): JsonSchema {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodTypeAny>;
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [key, field] of Object.entries(shape)) {
      properties[key] = zodToJsonSchema(field);
      if (!isOptionalField(field)) required.push(key);
    }
    return { type: "object", properties, ...(required.length ? { required } : {}) };
  }
  if (schema instanceof z.ZodString) return stringSchema(schema);
  if (schema instanceof z.ZodNumber) return numberSchema(schema);
  if (schema instanceof z.ZodBoolean) return { type: "boolean" };
  if (schema instanceof z.ZodNull) return { type: "null" };
  if (schema instanceof z.ZodLiteral) return { const: schema.value };
  if (schema instanceof z.ZodEnum) return { type: "string", enum: [...schema.options] };
  if (schema instanceof z.ZodArray) {
    const out: JsonSchema = { type: "array", items: zodToJsonSchema(schema.element) };
    if (schema._def.minLength) out.minItems = schema._def.minLength.value;
    if (schema._def.maxLength) out.maxItems = schema._def.maxLength.value;
    return out;
  }
  if (schema instanceof z.ZodUnion) {
    return { anyOf: (schema.options as z.ZodTypeAny[]).map(zodToJsonSchema) };
  }
  if (schema instanceof z.ZodOptional) return zodToJsonSchema(schema.unwrap());
  if (schema instanceof z.ZodNullable) {
    const inner = zodToJsonSchema(schema.unwrap());
    if (typeof inner.type !== "string") return { anyOf: [inner, { type: "null" }] };
    const out: JsonSchema = { ...inner, type: [inner.type, "null"] };
    if (Array.isArray(inner.enum)) out.enum = [...inner.enum, null];
    return out;
  }
  if (schema instanceof z.ZodDefault) {
    return { ...zodToJsonSchema(schema.removeDefault()), default: schema._def.defaultValue() };
  }
  if (schema instanceof z.ZodPipeline) return zodToJsonSchema(schema._def.in);
  // refine / transform / preprocess: the input is described by the inner schema.
  if (schema instanceof z.ZodEffects) return zodToJsonSchema(schema.innerType());
  throw new Error(`zodToJsonSchema: unsupported zod type ${schema.constructor.name}`);
}
