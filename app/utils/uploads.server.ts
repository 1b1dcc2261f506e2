// Reads a form that may carry image files: streams the multipart body once (body.server.ts caps
// the whole of it), keeps the text fields as they arrive, refuses an over-size file while it is
// still arriving, re-encodes every accepted image (see images.server.ts) and puts its reference
// (/images/<key>) in the form in place of the file.
import { createUploadedImage, deleteUploadedImage } from "~/models/image.server";
import {
  BodyRefused,
  formatBytes,
  multipartMaxBytes,
  readForm,
  readMultipart,
  type MultipartPart,
} from "./body.server";
import { env } from "./env.server";
import { imageRef } from "./image-variants";
import { ImageRejected, encodeAndStoreImage } from "./images.server";
import { formValues } from "./validation";

export { formatBytes };

export class ImageUploadError extends Error {
  readonly status: 400 | 413 | 415;
  /** The text fields that arrived (what the owner typed), to give back with the error. */
  readonly values: Record<string, string>;
  /**
   * With `keepAccepted`: the whole form as read (the accepted files already replaced by their
   * references, which stay stored), and the refused files by name.
   */
  readonly form?: FormData;
  readonly refusedFiles: RefusedFile[];
  constructor(
    status: 400 | 413 | 415,
    reason: string,
    values: Record<string, string> = {},
    kept?: { form: FormData; refusedFiles: RefusedFile[] },
  ) {
    super(`Image upload failed: ${reason}`);
    this.name = "ImageUploadError";
    this.status = status;
    this.values = values;
    this.form = kept?.form;
    this.refusedFiles = kept?.refusedFiles ?? [];
  }

  /** The field messages: per input, which files were not saved and why. */
  fieldErrors(fallbackField: string): Record<string, string> {
    if (this.refusedFiles.length === 0) return { [fallbackField]: this.message };
    const errors: Record<string, string> = {};
    for (const file of this.refusedFiles) {
      const text = refusedFileMessage(file);
      errors[file.field] = errors[file.field] ? `${errors[file.field]} ${text}` : text;
    }
    return errors;
  }
}

/** A file the pipeline did not store: its input, its name as the browser sent it, and why. */
export type RefusedFile = { field: string; fileName: string; reason: string };

/** 'thumbnail.txt was not saved: not a JPEG, PNG, WebP, AVIF or GIF image; choose it again.' */
export function refusedFileMessage({ fileName, reason }: RefusedFile): string {
  return `${fileName || "A file"} was not saved: ${reason.replace(/^the file is /, "")}; choose it again.`;
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
    if (size > max) {
      // Skip the rest of this file (it still counts towards the whole form's cap), so the
      // text fields after it are read and what was typed can be given back.
      const tooBig = onTooBig();
      try {
        for await (const rest of data) void rest;
      } catch {
        // The whole form ran over its cap while skipping: this file is still the first problem.
      }
      throw tooBig;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

const isMultipart = (request: Request) =>
  /^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "");

/** What the first refused file said; later text fields are still read. */
type Refusal = { status: 400 | 413; reason: string };

export type ImageFormOptions = {
  fields: string[];
  maxFilesPerField?: Record<string, number>;
  /**
   * Keep the files that were accepted when another one is refused (the dashboard's forms show
   * them as already uploaded): they stay stored and ImageUploadError carries the whole form.
   */
  keepAccepted?: boolean;
};

/**
 * Parses a form whose file inputs named in `fields` carry images. Each non-empty file is
 * checked, re-encoded and stored; the form then holds its reference `/images/<key>` under the
 * same name (empty file inputs are dropped; other fields pass through). `uploaded` lists the
 * references stored by this request. On any failure, images stored so far are removed and an
 * ImageUploadError (400, 413 or 415) is thrown, carrying the text fields that were read.
 */
export async function parseFormWithImages(
  request: Request,
  options: ImageFormOptions,
): Promise<{ form: FormData; uploaded: string[] }> {
  if (!isMultipart(request)) {
    try {
      return { form: await readForm(request), uploaded: [] };
    } catch (error) {
      if (!(error instanceof BodyRefused)) throw error;
      throw new ImageUploadError(error.status, reasonOf(error));
    }
  }

  const maxBytes = env().UPLOAD_MAX_BYTES;
  const uploaded: string[] = [];
  const counts = new Map<string, number>();
  const typed = new FormData();
  let refusal: Refusal | undefined;
  const refusedFiles: RefusedFile[] = [];
  const keep = options.keepAccepted === true;

  const onFile = async ({ name, filename, data }: MultipartPart) => {
    if (!options.fields.includes(name) || (refusal && !keep)) {
      for await (const chunk of data) void chunk;
      return undefined;
    }
    try {
      const bytes = await readCapped(
        data,
        maxBytes,
        () => new ImageRejected(`the file is larger than ${formatBytes(maxBytes)}`, 413),
      );
      if (bytes.length === 0) return undefined;
      const count = (counts.get(name) ?? 0) + 1;
      const max = options.maxFilesPerField?.[name];
      if (max !== undefined && count > max) {
        throw new ImageRejected(
          `at most ${max} ${max === 1 ? "image" : "images"} can be uploaded here`,
          400,
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
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      refusal ??= { status: error.status, reason: error.reason };
      refusedFiles.push({ field: name, fileName: filename ?? "", reason: error.reason });
      return undefined;
    }
  };

  const removeStored = () =>
    Promise.allSettled(uploaded.map((ref) => deleteUploadedImage(ref.slice("/images/".length))));
  let form: FormData;
  try {
    form = await readMultipart(request, {
      max: multipartMaxBytes(),
      onFile,
      onText: (name, value) => typed.append(name, value),
    });
  } catch (error) {
    await removeStored();
    if (error instanceof BodyRefused) {
      // An image refused before the form ran over its cap is what the sender needs to hear.
      const first = refusal ?? { status: error.status, reason: reasonOf(error) };
      throw new ImageUploadError(first.status, first.reason, formValues(typed));
    }
    throw error;
  }
  if (refusal) {
    if (!keep) await removeStored();
    throw new ImageUploadError(
      refusal.status,
      refusal.reason,
      formValues(form),
      keep ? { form, refusedFiles } : undefined,
    );
  }
  return { form, uploaded };
}

/** A refused body as the end of 'Image upload failed: …'. */
function reasonOf(error: BodyRefused): string {
  if (error.status === 413) {
    const text = error.message.replace(/^The request body/, "the form").replace(/\.$/, "");
    return text.charAt(0).toLowerCase() + text.slice(1);
  }
  if (error.status === 415) return "the form must be sent as multipart/form-data";
  return "the form could not be read";
}
