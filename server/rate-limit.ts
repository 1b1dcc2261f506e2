// Per-IP request rate limits for the whole site, in memory (one process, one container).
// Two fixed windows per client address: every request, and a tighter one for writes (any
// method other than GET/HEAD/OPTIONS: login, contact, API writes, admin forms).
import type { Request, RequestHandler } from "express";
import { parseEnv, type Env } from "../app/utils/env.server";
import { CLIENT_IP_HEADER, hasSessionCookie, SAFE_METHODS } from "../app/utils/http-names.server";
import { isApiPath } from "./guards";

export type RateLimitOptions = {
  disabled?: boolean;
  limit: number;
  writeLimit: number;
  windowMs: number;
};

/** Paths that never count: health checks (container/orchestrator probes) and served images. */
export function isExempt(method: string, path: string): boolean {
  if (path === "/healthz") return true;
  return SAFE_METHODS.has(method) && path.startsWith("/images/");
}

/** The limits of the configuration (RATE_LIMIT_RPM, RATE_LIMIT_WRITE_RPM, RATE_LIMIT_WINDOW_SECONDS). */
export function rateLimitOptionsOf(
  config: Pick<
    Env,
    "RATE_LIMIT_DISABLED" | "RATE_LIMIT_RPM" | "RATE_LIMIT_WRITE_RPM" | "RATE_LIMIT_WINDOW_SECONDS"
  >,
): Required<RateLimitOptions> {
  return {
    disabled: config.RATE_LIMIT_DISABLED,
    limit: config.RATE_LIMIT_RPM,
    writeLimit: config.RATE_LIMIT_WRITE_RPM,
    windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
  };
}

/** The limits of an environment given as variables (parsed by the app's one schema). */
export function rateLimitOptionsFromEnv(
  source: Record<string, string | undefined>,
): Required<RateLimitOptions> {
  return rateLimitOptionsOf(parseEnv(source));
}

/**
 * Fixed-window counters keyed by string. `hit(key, limit)` counts one request and returns
 * whether it is allowed and, when not, the seconds until the window resets. Expired windows
 * are swept at most once per window, so memory stays bounded by the clients of one window.
 */
export function createWindowCounter(windowMs: number, now: () => number = () => Date.now()) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = now() + windowMs;
  return {
    hit(key: string, limit: number) {
      const t = now();
      if (t >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        nextSweep = t + windowMs;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return {
        allowed: w.count <= limit,
        remaining: Math.max(0, limit - w.count),
        retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)),
      };
    },
    size: () => windows.size,
  };
}

export function tooManyRequestsMessage(seconds: number): string {
  return `Too many requests from your address. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
}

function wantsJson(req: Request): boolean {
  return (
    isApiPath(req.path) ||
    req.query?._data !== undefined ||
    req.accepts(["html", "json"]) === "json"
  );
}

/** Whether a request claims to be the owner's (a session cookie or an Authorization header). */
export function claimsOwner(req: Pick<Request, "headers">): boolean {
  return Boolean(req.headers.authorization) || hasSessionCookie(req.headers.cookie);
}

/** Who asks: the app's isOwnerRequest (a live session or the API token). */
export type VerifyOwner = (headers: {
  cookie?: string;
  authorization?: string;
}) => Promise<boolean>;

/**
 * The anonymous budget of an address, shared by the Express middleware (rateLimit) and the
 * cache-hit front (server/fast-hit.ts): `allows(ip, method)` counts one request and says
 * whether it is within the limits (every request, and writes on their own budget).
 */
export type AnonymousLimiter = {
  allows(ip: string, method: string): boolean;
  /** The same count, with the seconds until the address may come back when refused. */
  check(ip: string, method: string): { allowed: boolean; retryAfterSeconds: number };
};

export function createAnonymousLimiter({
  limit,
  writeLimit,
  windowMs,
}: Omit<RateLimitOptions, "disabled">): AnonymousLimiter {
  const all = createWindowCounter(windowMs);
  const writes = createWindowCounter(windowMs);
  const check = (ip: string, method: string) => {
    let result = all.hit(ip, limit);
    if (result.allowed && !SAFE_METHODS.has(method)) result = writes.hit(ip, writeLimit);
    return result;
  };
  return { check, allows: (ip, method) => check(ip, method).allowed };
}

/**
 * Express middleware answering 429 (with Retry-After) once an address goes over its budget.
 * The address is the one the server stamped on the request (CLIENT_IP_HEADER, see
 * app/utils/client-ip.server.ts: the socket's, or X-Forwarded-For's first hop with TRUST_PROXY);
 * without a stamp (this middleware used alone), the socket's.
 * `verifyOwner({ cookie, authorization })` (the app's isOwnerRequest) is asked only about
 * requests that claim to be the owner's; those it confirms are not counted at all, the others
 * (a wrong token, a forged or expired cookie) count as anonymous. `limiter` shares the counts
 * with another front (the cache hits); without it the middleware keeps its own.
 */
export function rateLimit({
  disabled = false,
  limit,
  writeLimit,
  windowMs,
  verifyOwner,
  limiter = createAnonymousLimiter({ limit, writeLimit, windowMs }),
}: RateLimitOptions & { verifyOwner?: VerifyOwner; limiter?: AnonymousLimiter }): RequestHandler {
  if (disabled) return (_req, _res, next) => next();
  const limitAnonymous: RequestHandler = (req, res, next) => {
    const stamped = req.headers[CLIENT_IP_HEADER];
    const ip = (typeof stamped === "string" ? stamped : req.socket.remoteAddress) ?? "unknown";
    const result = limiter.check(ip, req.method);
    if (result.allowed) return next();
    const message = tooManyRequestsMessage(result.retryAfterSeconds);
    res.status(429);
    res.setHeader("Retry-After", String(result.retryAfterSeconds));
    res.setHeader("Cache-Control", "no-store");
    if (wantsJson(req)) {
      res.json({ success: false, error: message });
      return;
    }
    if (req.accepts(["html", "text"]) === "html") {
      res
        .type("html")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many requests | Folio</title>` +
            `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
            `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
            `<h1>Too many requests</h1><p>${message}</p></body></html>`,
        );
      return;
    }
    res.type("text/plain").send(message);
  };
  return (req, res, next) => {
    if (isExempt(req.method, req.path)) return next();
    if (!verifyOwner || !claimsOwner(req)) return limitAnonymous(req, res, next);
    const { cookie, authorization } = req.headers;
    verifyOwner({ cookie, authorization }).then(
      (owner) => (owner ? next() : limitAnonymous(req, res, next)),
      () => limitAnonymous(req, res, next),
    );
  };
}
