// Reads a form that may carry image files: streams the multipart body, refuses an over-size
// file while it is still arriving, re-encodes every accepted image (see images.server.ts) and
// puts its reference (/images/<key>) in the form in place of the file.
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { createUploadedImage, deleteUploadedImage } from "~/models/image.server";
import { env } from "./env.server";
import { imageRef } from "./image-variants";
import { ImageRejected, encodeAndStoreImage } from "./images.server";

export class ImageUploadError extends Error {
  readonly status: 400 | 413;
  constructor(status: 400 | 413, reason: string) {
    super(`Image upload failed: ${reason}`);
    this.name = "ImageUploadError";
    this.status = status;
  }
}

/** Text fields of an upload form are small; this caps each one. */
const MAX_TEXT_FIELD_BYTES = 1024 * 1024;
/** And this caps how many parts a form may have. */
const MAX_PARTS = 200;

/** "10 MB", "1.5 MB", "200 KB": the cap as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** Reads a part into memory, stopping (with `onTooBig`) as soon as it passes `max` bytes. */
async function readCapped(
  data: AsyncIterable<Uint8Array>,
  max: number,
  onTooBig: () => Error,
): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > max) throw onTooBig();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** Skips a part without keeping it. */
async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const chunk of data) void chunk;
}

const isMultipart = (request: Request) =>
  /^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "");

/**
 * Parses a form whose file inputs named in `fields` carry images. Each non-empty file is
 * checked, re-encoded and stored; the form then holds its reference `/images/<key>` under the
 * same name (empty file inputs are dropped; other fields pass through). `uploaded` lists the
 * references stored by this request. On any failure, images stored so far are removed and an
 * ImageUploadError (400 or 413) is thrown.
 */
export async function parseFormWithImages(
  request: Request,
  options: { fields: string[]; maxFilesPerField?: Record<string, number> },
): Promise<{ form: FormData; uploaded: string[] }> {
  if (!isMultipart(request)) {
    try {
      return { form: await request.formData(), uploaded: [] };
    } catch {
      throw new ImageUploadError(400, "the form could not be read");
    }
  }

  const maxBytes = env().UPLOAD_MAX_BYTES;
  const uploaded: string[] = [];
  const counts = new Map<string, number>();
  let parts = 0;

  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new ImageUploadError(413, "the form has too many fields");
    // A file part has a filename (browsers send filename="" for an empty input; some clients
    // send no filename at all but still a Content-Type, which text fields never carry).
    const isFile = filename !== undefined || Boolean(contentType);
    if (!isFile) {
      const text = await readCapped(
        data,
        MAX_TEXT_FIELD_BYTES,
        () => new ImageUploadError(413, `the field ${name} is too long`),
      );
      return text.toString("utf8");
    }
    if (!options.fields.includes(name)) {
      await drain(data);
      return undefined;
    }
    const bytes = await readCapped(
      data,
      maxBytes,
      () => new ImageUploadError(413, `the file is larger than ${formatBytes(maxBytes)}`),
    );
    if (bytes.length === 0) return undefined;
    const count = (counts.get(name) ?? 0) + 1;
    const max = options.maxFilesPerField?.[name];
    if (max !== undefined && count > max) {
      throw new ImageUploadError(
        400,
        `at most ${max} ${max === 1 ? "image" : "images"} can be uploaded here`,
      );
    }
    counts.set(name, count);
    const encoded = await encodeAndStoreImage(bytes);
    const ref = imageRef(encoded.key);
    uploaded.push(ref);
    try {
      await createUploadedImage(encoded);
    } catch (error) {
      await deleteUploadedImage(encoded.key);
      uploaded.pop();
      throw error;
    }
    return ref;
  };

  try {
    const form = await unstable_parseMultipartFormData(request, handler);
    return { form, uploaded };
  } catch (error) {
    await Promise.allSettled(
      uploaded.map((ref) => deleteUploadedImage(ref.slice("/images/".length))),
    );
    if (error instanceof ImageUploadError) throw error;
    if (error instanceof ImageRejected) throw new ImageUploadError(error.status, error.reason);
    throw new ImageUploadError(400, "the form could not be read");
  }
}
