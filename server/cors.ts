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
import type { RequestHandler } from "express";
import { OPTIONS_HEADER } from "../app/utils/http-names.server";
import { checkCrossSite, crossSiteInputOf, isApiPath } from "./guards";

export { OPTIONS_HEADER };
export const CORS_ALLOW_METHODS = "GET, HEAD, POST, PUT, DELETE, OPTIONS";
export const CORS_ALLOW_HEADERS = "Authorization, Content-Type";
export const CORS_MAX_AGE_SECONDS = 600;

/** `allowedOrigins`: the origins of ALLOWED_ORIGINS (see parseAllowedOrigins). */
export function apiCors(allowedOrigins: string[]): RequestHandler {
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
      if (refused) {
        res.status(refused.status).json({ success: false, error: refused.message });
        return;
      }
      return next();
    }
    if (allowed && req.headers["access-control-request-method"]) {
      res.set("Access-Control-Allow-Methods", CORS_ALLOW_METHODS);
      res.set("Access-Control-Allow-Headers", CORS_ALLOW_HEADERS);
      res.set("Access-Control-Max-Age", String(CORS_MAX_AGE_SECONDS));
      res.set("Cache-Control", "no-store");
      res.status(204).end();
      return;
    }
    req.headers[OPTIONS_HEADER] = "OPTIONS";
    req.method = "GET";
    next();
  };
}
