// The REST shape of an entity: the compatibility path it answers on (spec section 7), which verbs
// exist on the collection (`/addskill`) and on the item (`/addskill/{id}`), and what the OpenAPI
// document says about them. app/rest/table.ts gathers every shape; the routes (vite.config.ts),
// the generic handlers (app/rest/*.ts) and the OpenAPI document (utils/openapi.server.ts) all
// read that one table. Client-safe, and imported by vite.config.ts: relative imports only.
import type { z } from "zod";
import type { JsonSchema } from "../utils/zod-json-schema";

export type RestVerb = "get" | "post" | "put" | "delete";

export type RestOperation = {
  summary: string;
  /** Component name of the request body (one of the shape's `bodies` or `schemas`). */
  body?: string;
  /** Status and component name of the success answer (see `okOf` for the defaults). */
  ok?: [number, string];
  /** Error statuses beyond the usual ones. */
  errors?: number[];
  /** A write anyone may call (every other write is owner only). */
  public?: boolean;
  multipart?: boolean;
};

export type RestOps = Partial<Record<RestVerb, RestOperation>>;

export type RestShape = {
  /** The collection path, e.g. "/addskill"; the item path is `${path}/{id}`. */
  path: string;
  /** The OpenAPI tag. */
  tag: string;
  /** What one record is called in 404 messages: 'No skill with id 5.' */
  noun: string;
  /** The stored record: OpenAPI components `<name>` and `<name>List` from the schema's fields. */
  model?: {
    name: string;
    schema: z.ZodTypeAny;
    extra?: Record<string, JsonSchema>;
    /** Fields of the schema the answers leave out (write-only). */
    omit?: readonly string[];
  };
  /** Request bodies by component name, from the zod schemas the handlers validate with. */
  bodies?: Record<string, { schema: z.ZodTypeAny; description?: string }>;
  /** Other component schemas, written as JSON Schema. */
  schemas?: Record<string, JsonSchema>;
  collection?: RestOps;
  item?: RestOps;
  /**
   * A path with its own handler (app/rest/<handler>.ts) instead of the generic collection and
   * item handlers, which serve entities through their services (app/entities/<name>.server.ts).
   */
  handler?: "sendmail" | "upload" | "openapi";
};

/** Owner only: every write that is not marked public. */
export const isOwnerOnly = (verb: RestVerb, op: RestOperation) => verb !== "get" && !op.public;

/** The success answer of an operation: given, or the usual one for its verb. */
export function okOf(
  shape: RestShape,
  verb: RestVerb,
  op: RestOperation,
  on: "collection" | "item",
): [number, string] {
  if (op.ok) return op.ok;
  const name = shape.model?.name ?? "Item";
  if (verb === "get") return [200, on === "collection" ? `${name}List` : name];
  if (verb === "post") return [201, "Created"];
  if (verb === "put") return [200, "Updated"];
  return [200, "Deleted"];
}

/** A PUT body's OpenAPI note. */
export const PUT_NOTE = "Fields left out keep their current values.";
