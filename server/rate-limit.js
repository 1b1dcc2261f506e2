// Per-IP request rate limits for the whole site, in memory (one process, one container).
// Two fixed windows per client address: every request, and a tighter one for writes (any
// method other than GET/HEAD/OPTIONS: login, contact, API writes, admin forms).
import { isApiPath } from "./guards.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths that never count: health checks (container/orchestrator probes) and served images. */
export function isExempt(method, path) {
  if (path === "/healthz") return true;
  return SAFE_METHODS.has(method) && path.startsWith("/images/");
}

const positiveInt = (value, fallback) => {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * The limits from the environment (RATE_LIMIT_RPM, RATE_LIMIT_WRITE_RPM, RATE_LIMIT_WINDOW_SECONDS).
 * @param {Record<string, string | undefined>} [source]
 */
export function rateLimitOptionsFromEnv(source = process.env) {
  const flag = (v) => v === "1" || v?.toLowerCase() === "true";
  return {
    disabled: flag(source.RATE_LIMIT_DISABLED),
    limit: positiveInt(source.RATE_LIMIT_RPM, 600),
    writeLimit: positiveInt(source.RATE_LIMIT_WRITE_RPM, 60),
    windowMs: positiveInt(source.RATE_LIMIT_WINDOW_SECONDS, 60) * 1000,
  };
}

/**
 * Fixed-window counters keyed by string. `hit(key, limit)` counts one request and returns
 * whether it is allowed and, when not, the seconds until the window resets. Expired windows
 * are swept at most once per window, so memory stays bounded by the clients of one window.
 */
export function createWindowCounter(windowMs, now = () => Date.now()) {
  const windows = new Map();
  let nextSweep = now() + windowMs;
  return {
    hit(key, limit) {
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

export function tooManyRequestsMessage(seconds) {
  return `Too many requests from your address. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
}

function wantsJson(req) {
  return (
    isApiPath(req.path) ||
    req.query?._data !== undefined ||
    req.accepts(["html", "json"]) === "json"
  );
}

const SESSION_COOKIE = /(?:^|;)\s*(?:__Host-)?folio_session=/;

/** Whether a request claims to be the owner's (a session cookie or an Authorization header). */
export function claimsOwner(req) {
  const cookie = req.headers.cookie;
  return (
    Boolean(req.headers.authorization) ||
    (typeof cookie === "string" && SESSION_COOKIE.test(cookie))
  );
}

/**
 * Express middleware answering 429 (with Retry-After) once an address goes over its budget.
 * The address is the socket's, or X-Forwarded-For's first hop when `trustProxy` (Express's
 * `trust proxy` must then be on, so `req.ip` reads it).
 * `verifyOwner({ cookie, authorization })` (the app's isOwnerRequest) is asked only about
 * requests that claim to be the owner's; those it confirms are not counted at all, the others
 * (a wrong token, a forged or expired cookie) count as anonymous.
 * @param {{ disabled?: boolean, limit: number, writeLimit: number, windowMs: number, trustProxy: boolean, verifyOwner?: (h: { cookie?: string, authorization?: string }) => Promise<boolean> }} options
 */
export function rateLimit({
  disabled = false,
  limit,
  writeLimit,
  windowMs,
  trustProxy,
  verifyOwner,
}) {
  if (disabled) return (_req, _res, next) => next();
  const all = createWindowCounter(windowMs);
  const writes = createWindowCounter(windowMs);
  const limitAnonymous = (req, res, next) => {
    const ip = (trustProxy ? req.ip : req.socket.remoteAddress) ?? "unknown";
    let result = all.hit(ip, limit);
    if (result.allowed && !SAFE_METHODS.has(req.method)) result = writes.hit(ip, writeLimit);
    if (result.allowed) return next();
    const message = tooManyRequestsMessage(result.retryAfterSeconds);
    res.status(429);
    res.setHeader("Retry-After", String(result.retryAfterSeconds));
    res.setHeader("Cache-Control", "no-store");
    if (wantsJson(req)) return res.json({ success: false, error: message });
    if (req.accepts(["html", "text"]) === "html") {
      return res
        .type("html")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many requests | Folio</title>` +
            `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
            `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
            `<h1>Too many requests</h1><p>${message}</p></body></html>`,
        );
    }
    return res.type("text/plain").send(message);
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
