// Reuses rendered public pages for visitors. A page of the public site depends only on the
// database content, the visitor's theme cookie and the host it was asked for, so the HTML
// rendered for one anonymous visitor is answered again, byte for byte, to the next
// (server/stored-page.ts: fixed bytes, ETag, brotli and gzip made once). Only a page without a
// per-response value is kept: one whose body or CSP still carries a nonce is never reused.
// A page is thrown away as soon as anything commits to the database (SQLite's data_version,
// which also sees writes from other processes such as the CLI: server/content-clock.ts says
// how soon), and after `maxAgeMs` at the latest (the footer's year, the clock).
//
// Hits are answered before Express by server/fast-hit.ts; this middleware answers the few that
// reach it and stores what Remix renders on a miss.
//
// Never reused: anything for a signed-in owner (a session cookie or an Authorization header) or
// a visitor carrying any cookie but the theme one, other methods than GET/HEAD, unknown query
// parameters, answers other than 200, answers with Set-Cookie or `Cache-Control:
// no-store/private` (the contact form's per-view stamp).
import type { RequestHandler, Response } from "express";
import type { OutgoingHttpHeaders } from "node:http";
import { THEME_COOKIE_NAME } from "../app/utils/http-names.server";
import type { ContentClock } from "./content-clock";
import { selfOriginOf } from "./guards";
import { answerStored, preparePage, type StoredPage } from "./stored-page";

/** The public pages whose HTML (and Remix `_data` JSON) may be reused. */
const PUBLIC_PAGES = [/^\/$/, /^\/projects(?:\/(?:react|laravel|\d{1,12}))?\/?$/, /^\/resume\/?$/];
/** Whether `path` is one of the public pages (cached here, shared-cacheable: public-cache.ts). */
export function isPublicPagePath(path: string): boolean {
  return PUBLIC_PAGES.some((re) => re.test(path));
}

/** Query parameters those pages read (`_data` is Remix's client-side navigation). */
const KNOWN_PARAMS = new Set(["page", "_data", "index"]);
/** A host name (or IPv4/[IPv6] address) with an optional port, of a sane length. */
const VALID_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * The cache key of a request, or null when its answer must not be reused. `host` and
 * `protocol` are the ones the page is rendered for (the Host header, or X-Forwarded-Host/Proto
 * behind a trusted proxy): a page rendered for one host is only ever answered to that host.
 * A host that is not a well-formed name is not cached at all, and neither is any host other
 * than PUBLIC_URL's when `publicOrigin` is given, so forged Host headers can neither reach
 * another visitor nor fill the cache with keys of their own. A request with an Authorization
 * header (the owner's API token, or a wrong one) is never answered a stored page.
 */
export function pageCacheKey({
  method,
  path,
  url,
  host,
  protocol,
  cookie,
  authorization,
  publicOrigin,
}: {
  method: string;
  path: string;
  url: string;
  host?: string;
  protocol: string;
  cookie?: string;
  authorization?: string;
  publicOrigin?: string;
}): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  if (authorization) return null;
  if (!host || host.length > 260 || !VALID_HOST.test(host)) return null;
  const origin = `${protocol}://${host.toLowerCase()}`;
  if (publicOrigin && origin !== publicOrigin) return null;
  if (!isPublicPagePath(path)) return null;
  // Most requests have no query: no URL to parse (the cache-hit front calls this per request).
  const search = url.includes("?") ? new URL(url, "http://x").searchParams : undefined;
  if (search) for (const name of search.keys()) if (!KNOWN_PARAMS.has(name)) return null;
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
  const query = search
    ? [...search.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => `${k}=${v}`)
        .join("&")
    : "";
  return `${origin}${path}?${query}#${theme}`;
}

export type { StoredPage };

/** A least-recently-used map bounded by entries and bytes. */
export class PageStore {
  readonly maxEntries: number;
  readonly maxBytes: number;
  bytes = 0;
  readonly entries = new Map<string, StoredPage>();
  /** Pages being compressed (see pageCache): a request for one waits instead of rendering it. */
  readonly pending = new Map<string, { version: unknown; page: Promise<StoredPage | undefined> }>();

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
    this.pending.clear();
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

/** What the cache-hit front and this middleware share. */
export type PageCacheOptions = {
  clock: ContentClock;
  store: PageStore;
  maxAgeMs?: number;
  now?: () => number;
  trustProxy?: boolean;
  publicOrigin?: string;
};

/** The stored page for `key` when it is still valid at `version`, else undefined (and dropped). */
export function validPage(
  store: PageStore,
  key: string,
  version: unknown,
  { maxAgeMs = 60_000, now = Date.now }: Pick<PageCacheOptions, "maxAgeMs" | "now"> = {},
): StoredPage | undefined {
  const page = store.get(key);
  if (!page) return undefined;
  if (page.version === version && now() - page.storedAt < maxAgeMs) return page;
  store.delete(key);
  return undefined;
}

/**
 * Express middleware. `clock.fresh()` returns a value that changes whenever the database does
 * (read afresh here: a page is stored with the version its render started from). The
 * response's CSP nonce, if any, is `res.locals.cspNonce` (set by securityHeaders).
 * `trustProxy` says whether X-Forwarded-Host/Proto name the host (as they do for Remix then);
 * `publicOrigin` (PUBLIC_URL's origin) limits caching to that one origin.
 */
export function pageCache({
  clock,
  store,
  maxAgeMs = 60_000,
  now = Date.now,
  trustProxy = false,
  publicOrigin,
}: PageCacheOptions): RequestHandler {
  return (req, res, next) => {
    const [protocol, host] = selfOriginOf(req, trustProxy).split("://");
    const key = pageCacheKey({
      method: req.method,
      path: req.path,
      url: req.url,
      host,
      protocol,
      cookie: req.headers.cookie,
      authorization: req.headers.authorization,
      publicOrigin,
    });
    if (key === null) return next();
    let version: unknown;
    try {
      version = clock.fresh();
    } catch (error) {
      console.error("page cache: could not read the content version", error);
      return next();
    }
    const hit = validPage(store, key, version, { maxAgeMs, now });
    if (hit) {
      answerStored(req, res, hit);
      return;
    }
    const pending = store.pending.get(key);
    if (pending && pending.version === version) {
      pending.page.then((page) => (page ? answerStored(req, res, page) : next()), next);
      return;
    }
    if (req.method === "HEAD") return next();

    res.setHeader("X-Folio-Cache", "miss");
    const nonce: string | undefined = res.locals.cspNonce;
    captureBody(res, (body) => {
      if (res.statusCode !== 200 || res.getHeader("set-cookie")) return;
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      if (/no-store|private/i.test(cacheControl)) return;
      const type = String(res.getHeader("content-type") ?? "");
      if (!/^(text\/html|application\/json)/i.test(type)) return;
      // A per-response value in the page (a nonce) would be answered to the next visitor.
      if (/'nonce-/.test(String(res.getHeader("content-security-policy") ?? ""))) return;
      if (nonce && body.includes(nonce)) return;
      const headers: OutgoingHttpHeaders = res.getHeaders();
      const storedAt = now();
      const page: Promise<StoredPage | undefined> = preparePage({
        body,
        headers,
        version,
        storedAt,
      }).then(
        (prepared) => {
          store.set(key, prepared);
          return prepared;
        },
        (error) => {
          console.error("page cache: could not compress a page", error);
          return undefined;
        },
      );
      store.pending.set(key, { version, page });
      void page.finally(() => {
        if (store.pending.get(key)?.page === page) store.pending.delete(key);
      });
    });
    next();
  };
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
