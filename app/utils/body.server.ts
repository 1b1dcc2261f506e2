// The one way the app reads a request body. Every reader counts bytes as they arrive from the
// stream, whatever Content-Length says, and stops at a cap (a declared length over the cap is
// refused before anything is read). Nothing here buffers more than its cap: past it the reader
// stops, the answer is a 413 that closes the connection, and the rest of the body is dropped.
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { MAX_GALLERY_IMAGES } from "~/entities/project";
import { env } from "./env.server";

/**
 * URL-encoded forms. The longest real form is the project form: its zod limits add up to about
 * 37,500 characters (title 150, subtitle 300, client 150, service 150, skill 60, short
 * description 1,000, strategy/design/user experience 5,000 each, long description 20,000, two
 * URLs and a thumbnail of 2,048 each, four gallery references of 2,048 each, plus date, budget,
 * level). A zod character is a UTF-16 code unit, which UTF-8 encodes in at most 3 bytes, and
 * percent-encoding turns each byte into 3 ("%E2%82%AC"): at most 9 bytes per character, so
 * 37,500 × 9 ≈ 338 KB, plus field names and separators. 512 KB fits it with room to spare
 * (checked in body.server.test.ts).
 */
export const FORM_MAX_BYTES = 512 * 1024;

/** JSON bodies (the REST API): the limit the API has always documented. */
export const JSON_MAX_BYTES = 1024 * 1024;

/**
 * A whole multipart upload: UPLOAD_MAX_TOTAL_BYTES, or by default enough for the largest real
 * upload form (a thumbnail and a full gallery, each at the per-file cap, plus the text fields).
 */
export function multipartMaxBytes(): number {
  const { UPLOAD_MAX_TOTAL_BYTES, UPLOAD_MAX_BYTES } = env();
  return UPLOAD_MAX_TOTAL_BYTES ?? UPLOAD_MAX_BYTES * (MAX_GALLERY_IMAGES + 1) + FORM_MAX_BYTES;
}

/** A body the app will not read: 400 (unreadable), 413 (too large) or 415 (wrong type). */
export class BodyRefused extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
    /** For a 413: the bytes read before the cap was reached (at most the cap). */
    readonly received: Uint8Array = new Uint8Array(),
  ) {
    super(message);
    this.name = "BodyRefused";
  }
}

/** Headers every 413 carries: the client should stop sending the rest of the body. */
export const TOO_LARGE_HEADERS = { Connection: "close" } as const;

/** "512 KB", "1 MB", "10.5 MB": a cap as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

const tooLarge = (max: number, received?: Uint8Array) =>
  new BodyRefused(413, `The request body is too large (at most ${formatBytes(max)}).`, received);

/** The media type of the body, lower case, without parameters ("" when there is none). */
export function mediaTypeOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

/** A declared Content-Length over `max` (an unparseable one counts as over). */
function declaresMoreThan(request: Request, max: number): boolean {
  const declared = request.headers.get("content-length");
  if (declared === null) return false;
  const n = Number(declared);
  return !Number.isSafeInteger(n) || n > max;
}

/** After a 413: at most this long and this much of the rest of the body is read and dropped. */
const LINGER_MS = 1000;
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * Drops what is left of a refused body, for a short while and without keeping any of it, before
 * the 413 goes out ("lingering close"). A client still sending when the server closes gets a TCP
 * reset, which can destroy the 413 before it is read; a body only a little over the cap is thus
 * read to its end and the answer arrives cleanly. Anything longer is left unread: the 413 says
 * `Connection: close`, so the server closes the connection once the answer is out.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const deadline = Date.now() + LINGER_MS;
  let discarded = 0;
  try {
    for (;;) {
      const timeLeft = deadline - Date.now();
      if (timeLeft <= 0) return;
      let timer: NodeJS.Timeout | undefined;
      const step = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => (timer = setTimeout(resolve, timeLeft, null))),
      ]);
      clearTimeout(timer);
      if (step === null || step.done) return;
      discarded += step.value.byteLength;
      if (discarded > LINGER_BYTES) return;
    }
  } catch {
    // The client went away: nothing left to do.
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/** The raw body, or BodyRefused(413) as soon as it passes `max` bytes or declares more. */
export async function readBodyBytes(request: Request, max: number): Promise<Uint8Array> {
  if (declaresMoreThan(request, max)) {
    const declared = Number(request.headers.get("content-length"));
    if (request.body && !request.bodyUsed && declared <= max + LINGER_BYTES) {
      await discardRest(request.body.getReader());
    }
    throw tooLarge(max);
  }
  if (!request.body) return new Uint8Array();
  if (request.bodyUsed) throw new BodyRefused(400, "The request body was already read.");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      throw new BodyRefused(400, "The request body could not be read.");
    }
    if (step.done) break;
    const chunk = step.value;
    if (size + chunk.byteLength > max) {
      chunks.push(chunk.subarray(0, max - size));
      await discardRest(reader);
      throw tooLarge(max, concat(chunks, max));
    }
    size += chunk.byteLength;
    chunks.push(chunk);
  }
  return concat(chunks, size);
}

/**
 * A copy of `request` whose body ends in an error once it passes `max` bytes (or at once when
 * it declares more): for parsers that read the stream themselves (the multipart parser). Ask
 * `exceeded()` after a parse failed to tell a 413 from a broken body.
 */
export function boundedRequest(request: Request, max: number) {
  let exceeded = declaresMoreThan(request, max);
  const source = request.body;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let size = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (exceeded || !source) {
        if (exceeded) {
          const declared = Number(request.headers.get("content-length"));
          if (source && !reader && declared <= max + LINGER_BYTES) {
            await discardRest(source.getReader());
          }
          controller.error(tooLarge(max));
        } else controller.close();
        return;
      }
      reader ??= source.getReader();
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (error) {
        controller.error(error);
        return;
      }
      if (step.done) return controller.close();
      size += step.value.byteLength;
      if (size > max) {
        exceeded = true;
        await discardRest(reader);
        controller.error(tooLarge(max));
        return;
      }
      controller.enqueue(step.value);
    },
    async cancel() {
      // The parser stopped early (a broken body): drop a little of the rest, then let it be.
      if (reader && !exceeded) await discardRest(reader);
    },
  });
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const copy = new Request(request.url, {
    method: request.method,
    headers,
    body,
    // Node's fetch needs this for a streamed body.
    duplex: "half",
  } as RequestInit);
  return { request: copy, exceeded: () => exceeded, max };
}

/** Text a client sent that is not well-formed Unicode (a lone UTF-16 surrogate). */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** The path of the first string (key or value) holding a lone surrogate, or null. */
export function malformedTextPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string")
    return LONE_SURROGATE.test(value) ? path.join(".") || "body" : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = malformedTextPath(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return [...path, key].join(".");
      const found = malformedTextPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * A JSON body (at most `max` bytes). Refuses (400) a body that is not JSON and any string that
 * is not well-formed Unicode, naming the field: a lone surrogate cannot be stored as UTF-8, and
 * changing what a client sent without telling it would hide its bug.
 */
export async function readJson(request: Request, max = JSON_MAX_BYTES): Promise<unknown> {
  const bytes = await readBodyBytes(request, max);
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BodyRefused(400, `The body is not valid JSON: ${(error as Error).message}`);
  }
  const bad = malformedTextPath(parsed);
  if (bad !== null) {
    throw new BodyRefused(
      400,
      `The field "${bad}" is not well-formed Unicode text (it holds a lone surrogate).`,
    );
  }
  return parsed;
}

/** Decodes a URL-encoded body. Bad percent-encoding stays as typed; bad UTF-8 becomes U+FFFD. */
function parseUrlEncoded(bytes: Uint8Array): FormData {
  const form = new FormData();
  for (const [k, v] of new URLSearchParams(new TextDecoder().decode(bytes))) form.append(k, v);
  return form;
}

/**
 * What could be read of a URL-encoded body refused for its size: every complete field before
 * the cap (the last one may be cut, so it is left out). Used to give back what was typed.
 */
export function partialForm(error: BodyRefused): FormData {
  const text = new TextDecoder().decode(error.received);
  const cut = text.lastIndexOf("&");
  return cut < 0 ? new FormData() : parseUrlEncoded(new TextEncoder().encode(text.slice(0, cut)));
}

export type MultipartPart = Parameters<UploadHandler>[0];

/**
 * Streams a multipart body (at most `max` bytes in all). Text parts are kept (each at most
 * `max` too, as they count towards it) and also handed to `onText` as they arrive, so a caller
 * can give back what was typed when a later part fails; file parts go to `onFile` (its answer
 * replaces the file in the form; undefined drops it). Without `onFile`, files are dropped.
 */
export async function readMultipart(
  request: Request,
  {
    max,
    onFile,
    onText,
    maxParts = 200,
  }: {
    max: number;
    onFile?: (part: MultipartPart) => Promise<string | undefined>;
    onText?: (name: string, value: string) => void;
    maxParts?: number;
  },
): Promise<FormData> {
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(request.headers.get("content-type") ?? "")) {
    throw new BodyRefused(400, "The multipart form has no boundary.");
  }
  const bounded = boundedRequest(request, max);
  let parts = 0;
  let fileError: { error: unknown } | undefined;
  const handler: UploadHandler = async (part) => {
    parts += 1;
    if (parts > maxParts) throw new BodyRefused(413, "The form has too many fields.");
    // A file part has a filename (browsers send filename="" for an empty input; some clients
    // send no filename at all but still a Content-Type, which text fields never carry).
    const isFile = part.filename !== undefined || Boolean(part.contentType);
    if (!isFile) {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of part.data) {
        size += chunk.byteLength;
        chunks.push(chunk);
      }
      const text = new TextDecoder().decode(concat(chunks, size));
      onText?.(part.name, text);
      return text;
    }
    if (!onFile) {
      for await (const chunk of part.data) void chunk;
      return undefined;
    }
    try {
      return await onFile(part);
    } catch (error) {
      fileError = { error };
      throw error;
    }
  };
  try {
    return await unstable_parseMultipartFormData(bounded.request, handler);
  } catch (error) {
    if (bounded.exceeded()) throw tooLarge(max);
    if (error instanceof BodyRefused) throw error;
    // The caller's own file handler failed (e.g. an image refused): its error is the caller's.
    if (fileError && fileError.error === error) throw error;
    throw new BodyRefused(400, "The multipart form body could not be read.");
  }
}

const FORM_TYPES = "application/x-www-form-urlencoded or multipart/form-data";

/**
 * A form (at most `max` bytes): URL-encoded, or multipart with its files dropped. An empty body
 * without a type reads as an empty form; any other type is a 415.
 */
export async function readForm(request: Request, max = FORM_MAX_BYTES): Promise<FormData> {
  const type = mediaTypeOf(request);
  if (type === "application/x-www-form-urlencoded") {
    return parseUrlEncoded(await readBodyBytes(request, max));
  }
  if (type === "multipart/form-data") return readMultipart(request, { max });
  if (type === "") {
    const bytes = await readBodyBytes(request, max);
    if (bytes.byteLength === 0) return new FormData();
  }
  throw new BodyRefused(415, `Send the form as ${FORM_TYPES}${type ? ` (not ${type})` : ""}.`);
}

/**
 * A copy of `request` carrying `form` (already read and bounded) as its URL-encoded body: for
 * code that reads the body itself, such as remix-auth-form's FormStrategy.
 */
export function requestWithForm(request: Request, form: FormData): Request {
  const body = new URLSearchParams();
  for (const [k, v] of form) if (typeof v === "string") body.append(k, v);
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(request.url, {
    method: request.method,
    headers,
    body,
    signal: request.signal,
  });
}

/** The status and headers of the answer to a refused body (a 413 closes the connection). */
export function bodyRefusedInit(error: BodyRefused): ResponseInit {
  return { status: error.status, headers: error.status === 413 ? TOO_LARGE_HEADERS : {} };
}

/**
 * For `readForm(request).catch(refuseBody)` in routes with no form page to show: throws a
 * refused body as a JSON answer `{ ok: false, error }` with its status (other errors unchanged).
 */
export function refuseBody(error: unknown): never {
  if (!(error instanceof BodyRefused)) throw error;
  throw Response.json({ ok: false, error: error.message }, bodyRefusedInit(error));
}
