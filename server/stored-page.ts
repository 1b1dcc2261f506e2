// A public page kept by the page cache, in the fixed bytes every anonymous visitor gets until
// the content changes: the identity body, its brotli and gzip variants (compressed once, when
// the page is stored), a strong ETag per variant computed from the bytes (so an unchanged page
// rendered again, after a write elsewhere or a restart, has the same one), and for each variant
// the complete header set it goes out with (the CSP and the other security headers of the
// answer it was taken from). Answering it writes those prepared headers and the stored buffer:
// no copy, no compression, no header computed per response but Date.
import crypto from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = "br" | "gzip" | "identity";

/** One encoding of a stored page, ready to be written. */
export type Variant = {
  body: Buffer;
  etag: string;
  /** Headers of a 200 (with Content-Length and, compressed, Content-Encoding). */
  headers: OutgoingHttpHeaders;
  /** Headers of a 304: the same without Content-Length, Content-Type and Content-Encoding. */
  notModified: OutgoingHttpHeaders;
};

export type StoredPage = {
  variants: Record<Encoding, Variant>;
  /** Bytes held (all variants), for the store's limit. */
  bytes: number;
  version: unknown;
  storedAt: number;
};

/** Headers of the answer the page is taken from that are not part of the page. */
export const PER_RESPONSE_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "x-folio-cache",
]);

/**
 * The strong ETag of the page `body` (its identity bytes) in `encoding`: a hash of the bytes,
 * so the same page always gives the same tag.
 */
export function etagOf(body: Buffer, encoding: Encoding = "identity"): string {
  const hash = crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32);
  // Each content coding is a representation of its own (RFC 9110, 8.8.3): its own tag.
  return encoding === "identity" ? `"${hash}"` : `"${hash}-${encoding}"`;
}

/** `vary` with Accept-Encoding added when missing (a list of header names). */
export function withAcceptEncoding(vary: string | undefined): string {
  const names = (vary ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  if (!names.some((n) => n.toLowerCase() === "accept-encoding")) names.unshift("Accept-Encoding");
  return names.join(", ");
}

/**
 * The stored form of a rendered page: `headers` are the answer's own (per-response ones are
 * dropped), `body` its identity bytes. Compresses with brotli (best, text mode) and gzip (best)
 * off the main thread.
 */
export async function preparePage({
  body,
  headers,
  version,
  storedAt,
}: {
  body: Buffer;
  headers: OutgoingHttpHeaders;
  version: unknown;
  storedAt: number;
}): Promise<StoredPage> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const common: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value !== undefined && !PER_RESPONSE_HEADERS.has(lower)) common[lower] = value;
  }
  common.vary = withAcceptEncoding(common.vary === undefined ? undefined : String(common.vary));
  common["x-folio-cache"] = "hit";
  const variant = (encoding: Encoding, bytes: Buffer): Variant => {
    const etag = etagOf(body, encoding);
    const notModified: OutgoingHttpHeaders = { ...common, etag };
    delete notModified["content-type"];
    const ok: OutgoingHttpHeaders = { ...common, etag, "content-length": bytes.length };
    if (encoding !== "identity") ok["content-encoding"] = encoding;
    return { body: bytes, etag, headers: ok, notModified };
  };
  return {
    variants: {
      identity: variant("identity", body),
      gzip: variant("gzip", gz),
      br: variant("br", br),
    },
    bytes: body.length + gz.length + br.length,
    version,
    storedAt,
  };
}

/**
 * The coding to answer for an Accept-Encoding header: brotli, else gzip, when the client lists
 * it with a non-zero q (or `*`), else identity.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const value = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  const q = new Map<string, number>();
  for (const item of value.split(",")) {
    const [coding, ...params] = item.split(";");
    const weight = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
    q.set(coding.trim().toLowerCase(), weight === undefined ? 1 : Number(weight));
  }
  const accepts = (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip") || (q.get("x-gzip") ?? 0) > 0) return "gzip";
  return "identity";
}

/**
 * Whether If-None-Match names `etag` (the weak comparison RFC 9110 13.1.2 asks for on GET/HEAD:
 * W/ prefixes are ignored), or is `*`.
 */
export function noneMatchMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  for (const tag of ifNoneMatch.split(",")) {
    if (tag.trim().replace(/^W\//, "") === opaque) return true;
  }
  return false;
}

/**
 * Answers `page` (200 in the client's best coding, or 304 when If-None-Match names that
 * variant). Returns the variant's status and Content-Length (for the access log).
 */
export function answerStored(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
): { status: number; length: number | undefined } {
  const variant = page.variants[chooseEncoding(req.headers["accept-encoding"])];
  if (noneMatchMatches(req.headers["if-none-match"], variant.etag)) {
    res.writeHead(304, variant.notModified);
    res.end();
    return { status: 304, length: undefined };
  }
  res.writeHead(200, variant.headers);
  if (req.method === "HEAD") res.end();
  else res.end(variant.body);
  return { status: 200, length: variant.body.length };
}
