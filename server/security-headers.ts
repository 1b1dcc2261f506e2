import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { SPECULATION_RULES } from "../app/enhance/speculation-rules";

/** A fresh CSP nonce for one response. */
export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/** The CSP source of an inline script's exact text: `'sha256-…'`. */
export function scriptHash(text: string): string {
  return `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The inline scripts the public pages carry, by hash: only their Speculation Rules (a JSON
 * block, the same on every page). Their one other script is /assets/enhance-*.js ('self').
 */
export const PUBLIC_SCRIPT_HASHES: readonly string[] = [scriptHash(SPECULATION_RULES)];

/**
 * The enforcing Content-Security-Policy for a response carrying `nonce`, or, with `hashes`
 * instead, for a page with no nonce: scripts from this origin and the inline ones of those hashes.
 */
export function contentSecurityPolicy(
  nonce: string,
  { dev = false, hashes }: { dev?: boolean; hashes?: readonly string[] } = {},
): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": dev
      ? ["'self'", "'unsafe-inline'"]
      : hashes
        ? ["'self'", ...hashes]
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

/**
 * The policy of the public pages (the `_site` layout: no framework runtime, no nonce). Fixed
 * for every response, so a stored page can be answered with it as it is.
 */
export function publicPagesPolicy({ dev = false } = {}): string {
  return contentSecurityPolicy("", { dev, hashes: PUBLIC_SCRIPT_HASHES });
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
    // A page that sets its own policy (the public pages: publicPagesPolicy, set by the app)
    // replaces this one: Remix's adapter appends its headers, and two policies would both apply.
    const append = res.append.bind(res);
    res.append = (field: string, value?: string[] | string) =>
      field.toLowerCase() === "content-security-policy" && value !== undefined
        ? res.setHeader(field, value)
        : append(field, value);
    // A page answered from the page cache (server/page-cache.ts) is a public page: it was stored
    // without its policy (a per-response header there) and goes out with the public one.
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof res.writeHead>) {
      if (
        res.getHeader("x-folio-cache") === "hit" &&
        /^text\/html/i.test(String(res.getHeader("content-type")))
      )
        res.setHeader("Content-Security-Policy", publicPagesPolicy({ dev }));
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
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
