import crypto from "node:crypto";
import type { RequestHandler } from "express";

/** A fresh CSP nonce for one response. */
export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/** The enforcing Content-Security-Policy for a response carrying `nonce`. */
export function contentSecurityPolicy(nonce: string, { dev = false } = {}): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": dev
      ? ["'self'", "'unsafe-inline'"]
      : ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(" ")}`)
    .join("; ");
}

/** Uploaded images (/images/KEY and its variants): clients of the REST API on other origins show them. */
const IMAGES_PATH = /^\/images\//i;

/** Express middleware: security headers on every response, nonce in res.locals.cspNonce. */
export function securityHeaders({
  production,
  dev,
}: {
  production: boolean;
  dev: boolean;
}): RequestHandler {
  return (req, res, next) => {
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { dev }));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (IMAGES_PATH.test(req.path)) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    if (production)
      res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    next();
  };
}
