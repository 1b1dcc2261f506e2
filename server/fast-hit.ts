// Page-cache hits answered at the top of the Node request handler, before Express (server/main.ts:
// `fastHit(req, res) || app(req, res)`). A hit is the stored page's prepared headers (the
// security headers and CSP of the answer it was taken from, Cache-Control, Vary, ETag) and its
// stored bytes: none of Express's middleware has anything to add to it. What the middleware
// would still do for such a request is done here, the same way:
//   - the host and protocol are taken as Express takes them (X-Forwarded-Host/Proto only with
//     TRUST_PROXY, through the same selfOriginOf) for the same cache key (pageCacheKey);
//   - the anonymous rate limit counts the request in the same counters (over the limit, the
//     request goes on to Express, which answers the 429);
//   - the request log line has morgan's format (server/access-log.ts).
// Anything else, a miss included, returns false and goes through the whole stack.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { clientAddress } from "../app/utils/client-ip.server";
import { accessLogLine } from "./access-log";
import { selfOriginOf } from "./guards";
import { pageCacheKey, validPage, type PageCacheOptions } from "./page-cache";
import type { AnonymousLimiter } from "./rate-limit";
import { answerStored } from "./stored-page";

export type FastHit = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createFastHit({
  clock,
  store,
  maxAgeMs = 60_000,
  now = Date.now,
  trustProxy = false,
  publicOrigin,
  limiter,
  log,
}: PageCacheOptions & {
  /** The anonymous rate limit shared with Express (undefined: RATE_LIMIT_DISABLED). */
  limiter?: AnonymousLimiter;
  /** Writes a request log line (FOLIO_REQUEST_LOG), in production's format or the dev one. */
  log?: { production: boolean; write: (line: string) => void };
}): FastHit {
  return (req, res) => {
    const startedAt = log ? performance.now() : 0;
    const { method, headers } = req;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "";
    if (url.charCodeAt(0) !== 0x2f /* "/" */) return false; // absolute-form and the like: Express
    // A body to read (or drop) is the unread-body guard's business.
    if (headers["content-length"] || headers["transfer-encoding"]) return false;
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    const socketProtocol = (req.socket as TLSSocket).encrypted ? "https" : "http";
    const [protocol, host] = selfOriginOf({ headers, protocol: socketProtocol }, trustProxy).split(
      "://",
    );
    const key = pageCacheKey({
      method,
      path,
      url,
      host,
      protocol,
      cookie: headers.cookie,
      authorization: headers.authorization,
      publicOrigin,
    });
    if (key === null) return false;
    let version: unknown;
    try {
      version = clock.current();
    } catch {
      return false; // Express's page cache reads it again and logs the error
    }
    const page = validPage(store, key, version, { maxAgeMs, now });
    if (!page) return false;
    const ip = clientAddress({
      socketAddress: req.socket.remoteAddress,
      forwardedFor: trustProxy ? headers["x-forwarded-for"] : undefined,
      trustProxy,
    });
    if (limiter && !limiter.allows(ip, method)) return false;
    const { status, length } = answerStored(req, res, page);
    if (log) log.write(accessLogLine(req, { ip, status, length, startedAt }, log));
    return true;
  };
}
