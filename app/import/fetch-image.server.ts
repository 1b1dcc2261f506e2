// Downloads one image the old site points to (a thumbnail, a gallery image, the profile picture),
// carefully: GET only, http(s) only (every redirect too, at most MAX_REDIRECTS of them), one time
// limit for the whole download (IMPORT_TIMEOUT_MS) and a size cap (UPLOAD_MAX_BYTES) counted
// while the body streams, so a huge or endless answer is cut off early. Never throws: a failure
// is a reason a person understands.
import { formatBytes } from "~/utils/body.server";
import { env } from "~/utils/env.server";

export const MAX_REDIRECTS = 5;

export type FetchedImage = { ok: true; bytes: Buffer } | { ok: false; reason: string };

export type FetchLimits = { timeoutMs: number; maxBytes: number };

export const fetchLimitsFromEnv = (): FetchLimits => ({
  timeoutMs: env().IMPORT_TIMEOUT_MS,
  maxBytes: env().UPLOAD_MAX_BYTES,
});

/** Whether `address` is an absolute http(s) URL (what the importer downloads). */
export function isHttpAddress(address: string): boolean {
  try {
    const url = new URL(address);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

class TooLarge extends Error {}

/** Reads a body, stopping as soon as it passes `maxBytes`. */
async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new TooLarge();
      chunks.push(value);
    }
  } finally {
    // Stops the download (and frees the socket) when the cap or the time limit cut it short.
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks, size);
}

function describe(error: unknown, limits: FetchLimits): string {
  if (error instanceof TooLarge) return `the image is larger than ${formatBytes(limits.maxBytes)}`;
  const name = (error as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return `no complete answer within ${limits.timeoutMs} ms`;
  }
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return `the host cannot be reached (${cause.code})`;
  return `the download failed (${cause?.message ?? (error as Error)?.message ?? String(error)})`;
}

/** Downloads `address`; the bytes, or why not. */
export async function fetchImage(
  address: string,
  limits: FetchLimits = fetchLimitsFromEnv(),
): Promise<FetchedImage> {
  if (!isHttpAddress(address)) return { ok: false, reason: "not an http(s) address" };
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = address;
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, {
        method: "GET",
        redirect: "manual",
        signal,
        headers: { Accept: "image/avif,image/webp,image/png,image/jpeg,image/gif,*/*;q=0.5" },
      });
      if (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
        await response.body?.cancel().catch(() => undefined);
        if (hop >= MAX_REDIRECTS)
          return { ok: false, reason: `more than ${MAX_REDIRECTS} redirects` };
        const next = new URL(response.headers.get("location") ?? "", url).toString();
        if (!isHttpAddress(next))
          return { ok: false, reason: "redirected to a non-http(s) address" };
        url = next;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: false, reason: `the server answered ${response.status}` };
      }
      const declared = Number(response.headers.get("content-length"));
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: false, reason: `the image is larger than ${formatBytes(limits.maxBytes)}` };
      }
      if (!response.body) return { ok: false, reason: "the answer is empty" };
      const bytes = await readCapped(response.body, limits.maxBytes);
      if (bytes.length === 0) return { ok: false, reason: "the answer is empty" };
      return { ok: true, bytes };
    }
  } catch (error) {
    return { ok: false, reason: describe(error, limits) };
  }
}
