// CORS and OPTIONS for the REST compatibility API (spec section 7 paths and /api/*).
//
// - Off by default: without ALLOWED_ORIGINS no Access-Control-* header is ever sent, so browsers
//   on other sites cannot read API answers (and the CSRF guard refuses their writes).
// - ALLOWED_ORIGINS lists origins (scheme://host[:port]) that may call the API from a browser:
//   their preflights are answered here (204) and every API answer to them carries
//   Access-Control-Allow-Origin. Credentials (cookies) are never allowed cross-origin: such
//   callers use `Authorization: Bearer <API_TOKEN>`.
// - Remix refuses OPTIONS itself, so any other OPTIONS request on an API path is handed to the
//   route as a GET marked with the x-folio-method header; the route answers 204 with its Allow.
// - Cross-site writes are refused here with the CSRF guard's own rule (checkCrossSite), so that
//   API callers get the 403 as JSON like every other API error.
import { checkCrossSite, crossSiteInputOf, isApiPath } from "./guards.js";

export const OPTIONS_HEADER = "x-folio-method";
export const CORS_ALLOW_METHODS = "GET, HEAD, POST, PUT, DELETE, OPTIONS";
export const CORS_ALLOW_HEADERS = "Authorization, Content-Type";
export const CORS_MAX_AGE_SECONDS = 600;

/**
 * @param {string[]} allowedOrigins origins from parseAllowedOrigins(process.env.ALLOWED_ORIGINS)
 * @returns {import("express").RequestHandler}
 */
export function apiCors(allowedOrigins) {
  return (req, res, next) => {
    // Only this middleware may set the marker (never the client).
    delete req.headers[OPTIONS_HEADER];
    if (!isApiPath(req.path)) return next();
    const origin = req.headers.origin;
    const allowed = typeof origin === "string" && allowedOrigins.includes(origin);
    if (allowedOrigins.length > 0) res.vary("Origin");
    if (allowed) {
      res.set("Access-Control-Allow-Origin", origin);
      res.set("Access-Control-Expose-Headers", "Allow, Retry-After");
    }
    if (req.method !== "OPTIONS") {
      const refused = checkCrossSite(
        crossSiteInputOf(req, { trustProxy: Boolean(req.app.get("trust proxy")), allowedOrigins }),
      );
      if (refused)
        return res.status(refused.status).json({ success: false, error: refused.message });
      return next();
    }
    if (allowed && req.headers["access-control-request-method"]) {
      res.set("Access-Control-Allow-Methods", CORS_ALLOW_METHODS);
      res.set("Access-Control-Allow-Headers", CORS_ALLOW_HEADERS);
      res.set("Access-Control-Max-Age", String(CORS_MAX_AGE_SECONDS));
      res.set("Cache-Control", "no-store");
      return res.status(204).end();
    }
    req.headers[OPTIONS_HEADER] = "OPTIONS";
    req.method = "GET";
    next();
  };
}
