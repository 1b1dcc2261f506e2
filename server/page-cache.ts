// Reuses rendered public pages for visitors. A page of the public site depends only on the
// database content, the visitor's theme cookie and the host it was asked for, so the HTML
// rendered for one anonymous visitor is answered again to the next, with a fresh CSP nonce
// stamped in. A page is thrown away as soon as anything commits to the database (SQLite's
// data_version, which also sees writes from other processes such as the CLI), and after
// `maxAgeMs` at the latest (the footer's year, the clock).
//
// Never reused: anything for a signed-in owner or a visitor carrying any cookie but the theme
// one, other methods than GET/HEAD, unknown query parameters, answers other than 200, answers
// with Set-Cookie or `Cache-Control: no-store/private` (the contact form's per-view stamp).
import type { RequestHandler, Response } from "express";
import zlib from "node:zlib";
import { THEME_COOKIE_NAME } from "../app/utils/http-names.server";
import { selfOriginOf } from "./guards";

/** The public pages whose HTML (and Remix `_data` JSON) may be reused. */
const PUBLIC_PAGES = [/^\/$/, /^\/projects(?:\/(?:react|laravel|\d{1,12}))?\/?$/, /^\/resume\/?$/];
/** Query parameters those pages read (`_data` is Remix's client-side navigation). */
const KNOWN_PARAMS = new Set(["page", "_data", "index"]);
/** A host name (or IPv4/[IPv6] address) with an optional port, of a sane length. */
const VALID_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** Headers that belong to one response, not to the page. */
const PER_RESPONSE = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "etag",
  "content-security-policy",
  "x-folio-cache",
]);

/**
 * The cache key of a request, or null when its answer must not be reused. `host` and
 * `protocol` are the ones the page is rendered for (the Host header, or X-Forwarded-Host/Proto
 * behind a trusted proxy): a page rendered for one host is only ever answered to that host.
 * A host that is not a well-formed name is not cached at all, and neither is any host other
 * than PUBLIC_URL's when `publicOrigin` is given, so forged Host headers can neither reach
 * another visitor nor fill the cache with keys of their own.
 */
export function pageCacheKey({
  method,
  path,
  url,
  host,
  protocol,
  cookie,
  publicOrigin,
}: {
  method: string;
  path: string;
  url: string;
  host?: string;
  protocol: string;
  cookie?: string;
  publicOrigin?: string;
}): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  if (!host || host.length > 260 || !VALID_HOST.test(host)) return null;
  const origin = `${protocol}://${host.toLowerCase()}`;
  if (publicOrigin && origin !== publicOrigin) return null;
  if (!PUBLIC_PAGES.some((re) => re.test(path))) return null;
  const search = new URL(url, "http://x").searchParams;
  for (const name of search.keys()) if (!KNOWN_PARAMS.has(name)) return null;
  let theme = "";
  if (cookie) {
    for (const pair of cookie.split(";")) {
      const eq = pair.indexOf("=");
      const name = (eq < 0 ? pair : pair.slice(0, eq)).trim();
      if (!name) continue;
      if (name !== THEME_COOKIE_NAME) return null; // a session (or anything else): not anonymous
      theme = pair.slice(eq + 1).trim();
    }
  }
  const query = [...search.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  return `${origin}${path}?${query}#${theme}`;
}

/** A page kept for reuse: its body cut at the CSP nonce, and the headers it went out with. */
export type StoredPage = {
  parts: Buffer[];
  /** The parts compressed once, on the first gzip answer (see gzipStamp). */
  deflatedParts?: Buffer[];
  bytes: number;
  headers: Record<string, string | string[]>;
  version: unknown;
  storedAt: number;
};

/** A least-recently-used map bounded by entries and bytes. */
export class PageStore {
  readonly maxEntries: number;
  readonly maxBytes: number;
  bytes = 0;
  readonly entries = new Map<string, StoredPage>();

  constructor({ maxEntries = 500, maxBytes = 64 * 1024 * 1024 } = {}) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  get(key: string): StoredPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key); // most recently used goes last
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: StoredPage): void {
    this.delete(key);
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** The origin of a PUBLIC_URL value (lower case, no path), or undefined when unset or blank. */
export function publicOriginOf(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    return new URL(value.trim()).origin;
  } catch {
    return undefined;
  }
}

/**
 * Express middleware. `contentVersion()` returns a value that changes whenever the database
 * does; the CSP nonce of the response is `res.locals.cspNonce` (set by securityHeaders).
 * `trustProxy` says whether X-Forwarded-Host/Proto name the host (as they do for Remix then);
 * `publicOrigin` (PUBLIC_URL's origin) limits caching to that one origin.
 */
export function pageCache({
  contentVersion,
  maxAgeMs = 60_000,
  store = new PageStore(),
  now = Date.now,
  trustProxy = false,
  publicOrigin,
}: {
  contentVersion: () => unknown;
  maxAgeMs?: number;
  store?: PageStore;
  now?: () => number;
  trustProxy?: boolean;
  publicOrigin?: string;
}): RequestHandler {
  return (req, res, next) => {
    const [protocol, host] = selfOriginOf(req, trustProxy).split("://");
    const key = pageCacheKey({
      method: req.method,
      path: req.path,
      url: req.url,
      host,
      protocol,
      cookie: req.headers.cookie,
      publicOrigin,
    });
    if (key === null) return next();
    const nonce: string | undefined = res.locals.cspNonce;
    let version: unknown;
    try {
      version = contentVersion();
    } catch (error) {
      console.error("page cache: could not read the content version", error);
      return next();
    }
    const hit = store.get(key);
    if (hit && hit.version === version && now() - hit.storedAt < maxAgeMs) {
      for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
      res.setHeader("X-Folio-Cache", "hit");
      res.statusCode = 200;
      res.vary("Accept-Encoding");
      let body: Buffer;
      if (req.acceptsEncodings("gzip", "identity") === "gzip") {
        // Compressed once per page, not per visitor: see gzipStamp.
        hit.deflatedParts ??= hit.parts.map(deflatePart);
        body = gzipStamp(hit.parts, hit.deflatedParts, nonce);
        res.setHeader("Content-Encoding", "gzip"); // the compression middleware leaves it alone
      } else {
        body = stamp(hit.parts, nonce);
      }
      res.setHeader("Content-Length", body.length);
      if (req.method === "HEAD") res.end();
      else res.end(body);
      return;
    }
    if (hit) store.delete(key);
    if (req.method === "HEAD") return next();

    res.setHeader("X-Folio-Cache", "miss");
    captureBody(res, (body) => {
      if (res.statusCode !== 200 || res.getHeader("set-cookie")) return;
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      if (/no-store|private/i.test(cacheControl)) return;
      const type = String(res.getHeader("content-type") ?? "");
      if (!/^(text\/html|application\/json)/i.test(type)) return;
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (!PER_RESPONSE.has(name) && value !== undefined)
          headers[name] = Array.isArray(value) ? value.map(String) : String(value);
      }
      store.set(key, {
        // The nonce is the only per-response value in a page: cut it out, stamp a new one later.
        parts: nonce ? split(body, Buffer.from(nonce)) : [body],
        bytes: body.length,
        headers,
        version,
        storedAt: now(),
      });
    });
    next();
  };
}

/** `body` cut at every occurrence of `separator`. */
function split(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

/** The stored parts joined with a fresh nonce. */
export function stamp(parts: Buffer[], nonce: string | undefined): Buffer {
  if (parts.length === 1) return parts[0];
  const separator = Buffer.from(nonce ?? "");
  const pieces: Buffer[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) pieces.push(separator);
    pieces.push(parts[i]);
  }
  return Buffer.concat(pieces);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A last, empty stored deflate block (BFINAL=1). */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/**
 * A part as raw deflate blocks that end byte-aligned and not final (a sync flush), so that
 * more blocks can follow. A fresh compressor per part: nothing refers to the bytes before it.
 */
export function deflatePart(part: Buffer): Buffer {
  return zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
}

/**
 * The gzip encoding of `stamp(parts, nonce)`, built from the parts compressed once
 * (`deflated[i]` = deflatePart(parts[i])) and the nonce as a stored block between them: one
 * valid deflate stream, with the CRC-32 and size of the stamped page in the gzip trailer. A
 * reused page then costs a copy and a checksum, not a compression, per visitor.
 */
export function gzipStamp(parts: Buffer[], deflated: Buffer[], nonce: string | undefined): Buffer {
  const separator = Buffer.from(nonce ?? "");
  const stored = Buffer.alloc(5); // BFINAL=0, BTYPE=00, then LEN and NLEN (little endian)
  stored.writeUInt16LE(separator.length, 1);
  stored.writeUInt16LE(~separator.length & 0xffff, 3);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) {
      pieces.push(stored, separator);
      if (separator.length > 0) crc = zlib.crc32(separator, crc);
      size += separator.length;
    }
    pieces.push(deflated[i]);
    // (Node 20's crc32 of an empty buffer forgets a running value above 2^31.)
    if (parts[i].length > 0) crc = zlib.crc32(parts[i], crc);
    size += parts[i].length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/**
 * Collects what is written to `res` (before compression, which wraps write/end earlier in the
 * chain) and calls `done(body)` once the response has ended.
 */
function captureBody(res: Response, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const write = res.write;
  const end = res.end;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    // A copy: the producer may reuse its buffer once write() returns.
    chunks.push(
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array),
    );
  };
  // Both keep every signature of the originals: the arguments are passed on as they came.
  res.write = function (this: Response, ...args: unknown[]): boolean {
    keep(args[0], args[1]);
    return Reflect.apply(write, this, args);
  } as typeof write;
  res.end = function (this: Response, ...args: unknown[]): Response {
    keep(args[0], args[1]);
    res.write = write;
    res.end = end;
    const result = Reflect.apply(end, this, args);
    try {
      done(Buffer.concat(chunks));
    } catch (error) {
      console.error("page cache: could not store a page", error);
    }
    return result;
  };
}
