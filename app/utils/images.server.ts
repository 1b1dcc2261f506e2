// Image encoding and storage: sniffs the real type from the bytes, re-encodes with sharp
// (orientation applied, metadata stripped, AVIF/WebP/JPEG variants, blurred placeholder) and
// writes the files under UPLOADS_DIR/<key>/. Also serves those files. No client-supplied path
// ever reaches the file system: keys are made here and checked against a strict pattern.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { createReadableStreamFromReadable } from "@remix-run/node";
import sharp from "sharp";
import { env } from "./env.server";
import {
  PLACEHOLDER_FILE,
  VARIANT_FORMATS,
  defaultWidth,
  makeImageKey,
  parseImageKey,
  variantHeight,
  variantWidths,
  type ImageKeyInfo,
  type VariantFormat,
} from "./image-variants";

/** Decompression-bomb guard: images with more pixels than this are refused before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Width of the blurred placeholder (height keeps the aspect ratio, at most this tall too). */
const PLACEHOLDER_SIZE = 16;

/** Bump when the encoder settings change (the demo images' cache is keyed on it). */
export const ENCODER_VERSION = "1";

/**
 * Encoder settings: small files at good visual quality and a quick upload. AVIF at effort 0
 * gives the same bytes and PSNR (within 0.2 dB) as effort 2-4 in a fraction of the time.
 */
const ENCODE = {
  avif: { quality: 50, effort: 0 },
  webp: { quality: 75, effort: 3 },
  jpg: { quality: 75, mozjpeg: true, progressive: true },
} as const;

export type SniffedType = "jpeg" | "png" | "webp" | "avif" | "gif";

/** A refusal with the reason a person understands (wrapped into ImageUploadError by uploads). */
export class ImageRejected extends Error {
  constructor(
    public readonly reason: string,
    public readonly status: 400 | 413 = 400,
  ) {
    super(reason);
    this.name = "ImageRejected";
  }
}

export const NOT_AN_IMAGE = "the file is not a JPEG, PNG, WebP, AVIF or GIF image";
export const DAMAGED_IMAGE = "the file is damaged or not a complete image";
export const TOO_MANY_PIXELS = `the image is too large (more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString("latin1");

/** The image type read from the file's first bytes (its name and declared type are ignored). */
export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp") {
    // ISO-BMFF: the major brand and the compatible brands that follow in the ftyp box.
    const boxSize = Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0);
    const end = Math.min(Math.max(boxSize, 16), bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(bytes, i, i + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return null;
}

/** The format names sharp reports for each sniffed type. */
const SHARP_FORMAT: Record<SniffedType, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "heif",
};

export type EncodedImage = {
  key: string;
  width: number;
  height: number;
  widths: number[];
  /** A tiny blurred WebP as a data: URL. */
  placeholder: string;
  /** Total bytes written to disk for all variants. */
  bytes: number;
};

const randomPart = () => {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.randomBytes(16);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
};

export function uploadsDir() {
  return path.resolve(env().UPLOADS_DIR);
}

/** The folder of one image; null unless `key` is a key this app makes (no traversal possible). */
export function imageDir(key: string): string | null {
  if (!parseImageKey(key)) return null;
  return path.join(uploadsDir(), key);
}

const inputOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  failOn: "error",
  animated: false,
} as const;

/** Checks the bytes are a complete image of an accepted type; returns its oriented size. */
async function inspect(bytes: Buffer) {
  const type = sniffImageType(bytes);
  if (!type) throw new ImageRejected(NOT_AN_IMAGE);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { ...inputOptions, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(DAMAGED_IMAGE);
  }
  if (meta.format !== SHARP_FORMAT[type]) throw new ImageRejected(NOT_AN_IMAGE);
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.pageHeight ?? meta.height;
  if (!width || !height) throw new ImageRejected(DAMAGED_IMAGE);
  if (width * height > MAX_INPUT_PIXELS) throw new ImageRejected(TOO_MANY_PIXELS);
  return { type, width, height, hasAlpha: Boolean(meta.hasAlpha) };
}

/**
 * Checks that `bytes` are an image Folio accepts (its type, complete, within the pixel limit)
 * without storing anything (the importer's dry run). Throws ImageRejected with the reason.
 */
export async function checkImage(bytes: Buffer): Promise<void> {
  await inspect(bytes);
}

/** Decodes once (oriented, sRGB, at most the largest variant width) into raw pixels. */
async function decode(bytes: Buffer, hasAlpha: boolean) {
  try {
    let pipeline = sharp(bytes, inputOptions)
      .rotate()
      .resize({ width: 1600, withoutEnlargement: true })
      .toColourspace("srgb");
    pipeline = hasAlpha ? pipeline.ensureAlpha() : pipeline.removeAlpha();
    return await pipeline.raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (String((error as Error).message).includes("pixel limit")) {
      throw new ImageRejected(TOO_MANY_PIXELS);
    }
    throw new ImageRejected(DAMAGED_IMAGE);
  }
}

/** Whether the decoded pixels really use transparency (an unused alpha channel is dropped). */
function usesTransparency(raw: Buffer, channels: number) {
  if (channels < 4) return false;
  for (let i = 3; i < raw.length; i += 4) if (raw[i] < 255) return true;
  return false;
}

function encodeVariant(pipeline: sharp.Sharp, format: VariantFormat) {
  if (format === "avif") return pipeline.avif(ENCODE.avif).toBuffer();
  if (format === "webp") return pipeline.webp(ENCODE.webp).toBuffer();
  return pipeline.flatten({ background: "#ffffff" }).jpeg(ENCODE.jpg).toBuffer();
}

/**
 * Validates and re-encodes an uploaded image, writing every variant under UPLOADS_DIR/<key>/.
 * Throws ImageRejected (nothing left on disk) when the bytes are not an acceptable image.
 */
export async function encodeAndStoreImage(
  bytes: Buffer,
  { random = randomPart() }: { random?: string } = {},
): Promise<EncodedImage> {
  // The key records the original (oriented) size; the decoded pixels are at most 1600 wide.
  const { width, height, hasAlpha } = await inspect(bytes);
  const { data, info } = await decode(bytes, hasAlpha);
  const alpha = usesTransparency(data, info.channels);
  const raw = { width: info.width, height: info.height, channels: info.channels } as const;
  const widths = variantWidths(width);
  const dims = { width, height };
  const key = makeImageKey(random, width, height, alpha);
  if (!parseImageKey(key)) throw new Error(`Not a valid image key: ${key}`);
  const dir = path.join(uploadsDir(), key);

  await fsp.mkdir(dir, { recursive: true });
  let total = 0;
  try {
    // The encodes run side by side (libuv's thread pool), largest first so they finish together.
    const jobs = [...widths].reverse().flatMap((w) =>
      (Object.keys(VARIANT_FORMATS) as VariantFormat[]).map(async (format) => {
        let pipeline = sharp(data, { raw }).resize(w, variantHeight(dims, w), { fit: "fill" });
        if (!alpha && info.channels === 4) pipeline = pipeline.removeAlpha();
        const out = await encodeVariant(pipeline, format);
        await fsp.writeFile(path.join(dir, `${w}.${format}`), out);
        return out.length;
      }),
    );
    const settled = await Promise.allSettled(jobs);
    for (const result of settled) {
      if (result.status === "rejected") throw result.reason;
      total += result.value;
    }
    const placeholder = await sharp(data, { raw })
      .resize(PLACEHOLDER_SIZE, PLACEHOLDER_SIZE, { fit: "inside" })
      .blur(0.6)
      .webp({ quality: 40, alphaQuality: 40 })
      .toBuffer();
    await fsp.writeFile(path.join(dir, PLACEHOLDER_FILE), placeholder);
    total += placeholder.length;
    return {
      key,
      width,
      height,
      widths,
      placeholder: `data:image/webp;base64,${placeholder.toString("base64")}`,
      bytes: total,
    };
  } catch (error) {
    await removeImageFiles(key);
    if (error instanceof ImageRejected) throw error;
    throw new ImageRejected(DAMAGED_IMAGE);
  }
}

/** Deletes the folder of an image (no-op for unknown or malformed keys). */
export async function removeImageFiles(key: string) {
  const dir = imageDir(key);
  if (dir) await fsp.rm(dir, { recursive: true, force: true });
}

/** Keys of the image folders on disk last changed before `before` (for the orphan sweep). */
export async function storedKeysOlderThan(before: Date): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(uploadsDir(), { withFileTypes: true });
  } catch {
    return [];
  }
  const keys: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !parseImageKey(entry.name)) continue;
    const stat = await fsp.stat(path.join(uploadsDir(), entry.name)).catch(() => null);
    if (stat && stat.mtime < before) keys.push(entry.name);
  }
  return keys;
}

const VARIANT_FILE = /^([1-9]\d{0,4})\.(avif|webp|jpg)$/;

/** Which stored file a URL segment names; null for anything that is not a variant of `info`. */
function resolveFile(info: ImageKeyInfo, file: string | null) {
  if (file === null) {
    const w = defaultWidth(info.widths);
    return { name: `${w}.jpg`, type: VARIANT_FORMATS.jpg };
  }
  if (file === PLACEHOLDER_FILE) return { name: PLACEHOLDER_FILE, type: "image/webp" };
  const match = VARIANT_FILE.exec(file);
  if (!match || !info.widths.includes(Number(match[1]))) return null;
  return { name: file, type: VARIANT_FORMATS[match[2] as VariantFormat] };
}

const notFound = () =>
  new Response("Image not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export const IMMUTABLE = "public, max-age=31536000, immutable";

function matchesEtag(header: string | null, etag: string) {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * Answers a request for an image file: `file` is a variant (`960.avif`), the placeholder, or
 * null for the plain reference `/images/<key>` (a mid-width JPEG). Long-lived immutable caching,
 * ETag and 304, HEAD without a body, 404 for anything unknown.
 */
export async function imageFileResponse(
  request: Request,
  key: string | undefined,
  file: string | null,
): Promise<Response> {
  const info = parseImageKey(key);
  if (!info) return notFound();
  const target = resolveFile(info, file);
  if (!target) return notFound();
  const filePath = path.join(uploadsDir(), info.key, target.name);
  let stat: fs.Stats;
  try {
    stat = await fsp.stat(filePath);
    if (!stat.isFile()) return notFound();
  } catch {
    return notFound();
  }
  const etag = `"${info.key}-${target.name}-${stat.size}"`;
  const headers = new Headers({
    "Content-Type": target.type,
    "Cache-Control": IMMUTABLE,
    ETag: etag,
    "Last-Modified": stat.mtime.toUTCString(),
    // X-Content-Type-Options comes from server/security-headers.ts, like on every answer (set
    // here too, Remix's adapter appended it a second time).
  });
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(stat.size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  const body = createReadableStreamFromReadable(fs.createReadStream(filePath));
  return new Response(body, { status: 200, headers });
}
