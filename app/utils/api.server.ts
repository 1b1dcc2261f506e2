// The REST compatibility API's plumbing (spec section 7): method dispatch, owner checks, body
// reading with a size cap, zod validation and the JSON shapes the old client reads.
import crypto from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { OPTIONS_HEADER } from "./http-names.server";
import { getOwner } from "./auth.server";
import {
  BodyRefused,
  JSON_MAX_BYTES,
  mediaTypeOf,
  readForm,
  readJson,
  readMultipart,
  TOO_LARGE_HEADERS,
  type MultipartPart,
} from "./body.server";
import { env } from "./env.server";
import { fieldErrorsOf } from "./validation";
import { parseId } from "~/entities/fields";

export const API_METHODS = ["GET", "POST", "PUT", "DELETE"] as const;
export type ApiMethod = (typeof API_METHODS)[number];

/** The largest JSON or form body a write accepts (uploads have their own cap). */
export const MAX_BODY_BYTES = JSON_MAX_BYTES;

/** Set by server/cors.ts when it hands an OPTIONS request to Remix (which refuses OPTIONS itself). */
export { OPTIONS_HEADER };

const NO_STORE = { "Cache-Control": "no-store" };

/** A JSON answer (never cached: reads depend on who asks, e.g. drafts for the owner). */
export function apiJson(body: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(NO_STORE)) if (!headers.has(k)) headers.set(k, v);
  return Response.json(body, { ...init, headers });
}

/** An error answer: `{ success: false, error, ...extra }` with a 4xx/5xx status. */
export function apiError(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers?: HeadersInit,
) {
  return apiJson({ ...extra, success: false, error }, { status, headers });
}

type Params = LoaderFunctionArgs["params"];
export type ApiArgs = { request: Request; params: Params };
export type ApiHandler = (args: ApiArgs) => Promise<Response>;

/** The `Allow` header value for a set of handlers. */
export function allowOf(methods: readonly ApiMethod[]): string {
  const list: string[] = [];
  for (const m of API_METHODS) {
    if (!methods.includes(m)) continue;
    list.push(m);
    if (m === "GET") list.push("HEAD");
  }
  list.push("OPTIONS");
  return list.join(", ");
}

function isPrismaCode(error: unknown, code: string) {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;
}

/**
 * A resource route's loader and action for one API path: dispatches on the method, answers
 * OPTIONS and wrong methods (405 with Allow), and turns any failure into a JSON answer.
 */
export function apiRoute(handlers: Partial<Record<ApiMethod, ApiHandler>>) {
  const methods = API_METHODS.filter((m) => handlers[m]);
  const allow = allowOf(methods);
  const handle = async (args: ApiArgs): Promise<Response> => {
    const { request } = args;
    const method =
      request.headers.get(OPTIONS_HEADER) === "OPTIONS" ? "OPTIONS" : request.method.toUpperCase();
    if (method === "OPTIONS") {
      return new Response(null, { status: 204, headers: { Allow: allow, ...NO_STORE } });
    }
    const handler = handlers[(method === "HEAD" ? "GET" : method) as ApiMethod];
    if (!handler) {
      return apiError(
        405,
        `${method} is not allowed on this path. Allowed: ${allow}.`,
        {},
        {
          Allow: allow,
        },
      );
    }
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      if (isPrismaCode(error, "P2002"))
        return apiError(409, "An item with this name already exists.");
      if (isPrismaCode(error, "P2025")) return apiError(404, "Not found.");
      console.error("API error", request.method, new URL(request.url).pathname, error);
      return apiError(500, "Something went wrong on the server. Please try again.");
    }
  };
  return { loader: handle, action: handle, methods };
}

/** Every method answers a JSON 404: for unknown paths under an API prefix. */
export const apiNotFound = (() => {
  const handle = async ({ request }: ApiArgs) => {
    const path = new URL(request.url).pathname;
    return apiError(404, `No API endpoint at ${path}. See /api/openapi.json for the list.`);
  };
  return { loader: handle, action: handle };
})();

// ---------------------------------------------------------------------------------------------
// Who is asking

function sha256(value: string) {
  return crypto.createHash("sha256").update(value, "utf8").digest();
}

/** Compares a presented token with the configured one in constant time. */
export function tokenMatches(presented: string, expected: string): boolean {
  // Hashing first gives equal-length buffers, so timingSafeEqual never leaks the length.
  const a = sha256(presented);
  const b = sha256(expected);
  return crypto.timingSafeEqual(a, b);
}

/** Whether an Authorization header is `Bearer <API_TOKEN>` (off when API_TOKEN is unset). */
export function bearerTokenMatches(header: string | null | undefined): boolean {
  const token = header ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header.trim())?.[1] : undefined;
  const expected = env().API_TOKEN;
  return Boolean(token && expected && tokenMatches(token, expected));
}

function hasBearerHeader(request: Request) {
  return /^Bearer\b/i.test(request.headers.get("authorization")?.trim() ?? "");
}

/** A browser request from another origin (one of ALLOWED_ORIGINS, or the CSRF guard refused it). */
function fromOtherOrigin(request: Request) {
  const origin = request.headers.get("origin");
  return origin !== null && origin !== new URL(request.url).origin;
}

/**
 * Whether the owner asks: a valid API token, or the owner's session cookie on a same-origin
 * (or non-browser) request. Other origins allowed by CORS must use the token.
 */
export async function isApiOwner(request: Request): Promise<boolean> {
  if (hasBearerHeader(request)) return bearerTokenMatches(request.headers.get("authorization"));
  if (fromOtherOrigin(request)) return false;
  return (await getOwner(request)) !== null;
}

/** Throws a 401 JSON answer unless the owner asks (see isApiOwner). */
export async function requireApiOwner(request: Request): Promise<void> {
  if (await isApiOwner(request)) return;
  const hint = env().API_TOKEN
    ? "Sign in as the owner or send Authorization: Bearer <API_TOKEN>."
    : "Sign in as the owner (API tokens are off: set API_TOKEN to enable them).";
  const error = hasBearerHeader(request)
    ? `The API token is missing or wrong. ${hint}`
    : `Only the owner can do this. ${hint}`;
  throw apiError(401, error, {}, { "WWW-Authenticate": 'Bearer realm="folio"' });
}

// ---------------------------------------------------------------------------------------------
// Ids and bodies

/** The numeric id of the path (the one id rule: fields.ts parseId), or a 400 answer. */
export function requireApiId(params: Params, name = "id"): number {
  const raw = params[name] ?? "";
  const id = parseId(raw);
  if (id === null) {
    throw apiError(400, `The id must be a positive whole number (got "${raw.slice(0, 40)}").`);
  }
  return id;
}

/** A refused body (body.server.ts) as the API's JSON error; a 413 closes the connection. */
export function bodyRefusedAnswer(error: BodyRefused) {
  return apiError(
    error.status,
    error.message,
    {},
    error.status === 413 ? TOO_LARGE_HEADERS : undefined,
  );
}

export type Body = Record<string, unknown>;

/** Form keys that would reach an object's prototype instead of a field. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function fromEntries(entries: Iterable<[string, FormDataEntryValue]>): Body {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of entries) {
    if (typeof value !== "string") {
      throw apiError(
        400,
        `Files cannot be sent here ("${rawKey}"). Upload them with POST /upload.`,
      );
    }
    const isList = rawKey.endsWith("[]");
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    if (UNSAFE_KEYS.has(key)) continue;
    const before = out[key];
    if (Array.isArray(before)) before.push(value);
    else if (before !== undefined) out[key] = [before, value];
    else out[key] = isList ? [value] : value;
  }
  return out;
}

/**
 * The request body as an object: JSON (the old client's format), or a form-encoded / multipart
 * form, read through body.server.ts (1 MB at most). 400 for malformed JSON, a non-object or text
 * that is not well-formed Unicode, 413 when too large, 415 for other types.
 */
export async function readBody(request: Request): Promise<Body> {
  const type = mediaTypeOf(request);
  try {
    if (type === "multipart/form-data" || type === "application/x-www-form-urlencoded") {
      // Files are refused below (fromEntries); counting them is enough here.
      const form =
        type === "multipart/form-data"
          ? await readMultipart(request, { max: MAX_BODY_BYTES, onFile: fileRefused })
          : await readForm(request, MAX_BODY_BYTES);
      return fromEntries(form.entries());
    }
    if (type !== "" && type !== "application/json" && !type.endsWith("+json")) {
      throw apiError(
        415,
        `Unsupported Content-Type "${type}". Send JSON (application/json) or a form.`,
      );
    }
    const parsed = await readJson(request, MAX_BODY_BYTES);
    if (parsed === undefined) return {};
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw apiError(400, "The body must be a JSON object.");
    }
    return parsed as Body;
  } catch (error) {
    if (error instanceof BodyRefused) throw bodyRefusedAnswer(error);
    throw error;
  }
}

/** A file part in an API body: refused at once (uploads go to POST /upload). */
async function fileRefused({ name }: MultipartPart): Promise<string> {
  throw apiError(400, `Files cannot be sent here ("${name}"). Upload them with POST /upload.`);
}

// ---------------------------------------------------------------------------------------------
// Validation

/** Unwraps optional/nullable/effects layers to the schema underneath. */
function innerType(schema: z.ZodTypeAny): z.ZodTypeAny {
  let s = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap();
    else if (s instanceof z.ZodEffects) s = s.innerType();
    else if (s instanceof z.ZodDefault) s = s.removeDefault();
    else return s;
  }
}

/** The object shape behind a (possibly refined) object schema. */
export function shapeOf(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> {
  const inner = innerType(schema);
  return inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodTypeAny>) : {};
}

const TRUE_WORDS = new Set(["true", "on", "1", "yes"]);
const FALSE_WORDS = new Set(["false", "off", "0", "no", ""]);

/** Form bodies carry text only: turn true/false words into booleans for boolean fields. */
export function coerceFormBooleans(schema: z.ZodTypeAny, body: Body): Body {
  const out = { ...body };
  for (const [key, field] of Object.entries(shapeOf(schema))) {
    const value = out[key];
    if (typeof value !== "string" || !(innerType(field) instanceof z.ZodBoolean)) continue;
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) out[key] = true;
    else if (FALSE_WORDS.has(word)) out[key] = false;
  }
  return out;
}

/** Parses with the admin form's zod schema; 400 `{ error, fields }` when it fails. */
export function validateBody<S extends z.ZodTypeAny>(schema: S, body: Body): z.output<S> {
  const parsed = schema.safeParse(coerceFormBooleans(schema, body));
  if (parsed.success) return parsed.data;
  const fields = fieldErrorsOf(parsed.error);
  const messages = [...new Set(Object.values(fields))];
  throw apiError(400, `Invalid input: ${messages.join("; ")}`, { fields });
}

// ---------------------------------------------------------------------------------------------
// The answers the old client reads

/** A stored item with the Mongo-style `_id` string next to the numeric `id`. */
export function withIds<T extends { id: number }>(item: T): { _id: string } & T {
  return { _id: String(item.id), ...item };
}

/** The REST 404 of a record: 'No skill with id 5.' (the dashboard's is admin.server notFound). */
export const noSuchItem = (what: string, id: number, extra: Record<string, unknown> = {}) =>
  apiError(404, `No ${what} with id ${id}.`, extra);

export const createdAnswer = (id: number) =>
  apiJson({ acknowledged: true, insertedId: String(id), success: true }, { status: 201 });

export function updatedAnswer(
  what: string,
  id: number,
  result: { matchedCount: number; modifiedCount: number },
) {
  if (result.matchedCount === 0)
    return noSuchItem(what, id, { acknowledged: true, matchedCount: 0, modifiedCount: 0 });
  return apiJson({
    acknowledged: true,
    matchedCount: 1,
    modifiedCount: result.modifiedCount > 0 ? 1 : 0,
    success: true,
  });
}

export function deletedAnswer(what: string, id: number, deletedCount: number) {
  if (deletedCount === 0) return noSuchItem(what, id, { acknowledged: true, deletedCount: 0 });
  return apiJson({ acknowledged: true, deletedCount: 1 });
}

/** PUT bodies: the fields a client leaves out keep their current values. */
export function mergeForUpdate(current: object, body: Body): Body {
  return { ...current, ...body };
}
