// Request guards that must run before any Remix route, action or resource route.
import type { Request, RequestHandler } from "express";
import { SAFE_METHODS, THEME_COOKIE_NAME } from "../app/utils/http-names.server";

/** Paths of the REST compatibility API (CORS may be allowed for them by ALLOWED_ORIGINS). */
export const API_PREFIXES = [
  "/adduser",
  "/addskill",
  "/addcategory",
  "/addfeather",
  "/addprotfolio",
  "/addeducation",
  "/addexperience",
  "/sendmail",
  "/upload",
  "/api/",
];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith("/") ? p : `${p}/`));
}

export function parseAllowedOrigins(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim().replace(/\/$/, ""))
    .filter(Boolean);
}

export type Refusal = { status: number; message: string };

const REFUSED: Refusal = { status: 403, message: "Cross-site request refused." };
const NO_SOURCE: Refusal = {
  status: 403,
  message:
    "Cross-site request refused: this signed-in request says neither where it comes from (Origin) nor which page sent it (Referer). Reload the page and try again.",
};

/** Whether a Cookie header holds anything but the theme cookie (a session, a device cookie...). */
export function carriesCredentialCookie(cookie: string | undefined): boolean {
  if (!cookie) return false;
  return cookie.split(";").some((pair) => {
    const name = pair.split("=")[0].trim();
    return name !== "" && name !== THEME_COOKIE_NAME;
  });
}

/** The origin of a Referer header, or null when it is not an absolute http(s) URL. */
export function originOfReferer(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** What the cross-site check looks at (see crossSiteInputOf). */
export type CrossSiteInput = {
  method: string;
  path: string;
  origin?: string;
  referer?: string;
  secFetchSite?: string;
  cookie?: string;
  authorization?: string;
  selfOrigin: string;
  allowedOrigins: string[];
};

/**
 * Cross-site request forgery guard: a state-changing request is refused with 403 before
 * anything runs when
 *  - its Origin is another site's (ALLOWED_ORIGINS are accepted on API paths), or "null";
 *  - without Origin, its Referer is another site's, or Sec-Fetch-Site says cross-site/same-site;
 *  - it carries a cookie (so it may be signed in) but neither Origin nor Referer: a browser
 *    always sends one of them, so such a request cannot be shown to come from this site.
 * Covers pages, `?_data=` requests and resource routes alike. Requests without cookies and
 * without either header (curl, scripts using the API token) carry no ambient authority and
 * pass to their own authentication; so do API calls with an `Authorization: Bearer` token,
 * which a cross-site form cannot send.
 */
export function checkCrossSite({
  method,
  path,
  origin,
  referer,
  secFetchSite,
  cookie,
  authorization,
  selfOrigin,
  allowedOrigins,
}: CrossSiteInput): Refusal | null {
  if (SAFE_METHODS.has(method)) return null;
  const allowedFrom = (source: string | null) =>
    source === selfOrigin ||
    (source !== null && isApiPath(path) && allowedOrigins.includes(source));
  if (origin) return origin !== "null" && allowedFrom(origin) ? null : REFUSED;
  if (secFetchSite && secFetchSite !== "same-origin" && secFetchSite !== "none") return REFUSED;
  if (referer) return allowedFrom(originOfReferer(referer)) ? null : REFUSED;
  const bearer = /^Bearer\s/i.test(authorization?.trim() ?? "");
  if (carriesCredentialCookie(cookie) && !(bearer && isApiPath(path))) return NO_SOURCE;
  return null;
}

/** checkCrossSite's input for an Express request. */
export function crossSiteInputOf(
  req: Request,
  { trustProxy, allowedOrigins }: { trustProxy: boolean; allowedOrigins: string[] },
): CrossSiteInput {
  return {
    method: req.method,
    path: req.path,
    origin: req.headers.origin,
    referer: req.headers.referer,
    secFetchSite: headerValue(req.headers["sec-fetch-site"]),
    cookie: req.headers.cookie,
    authorization: req.headers.authorization,
    selfOrigin: selfOriginOf(req, trustProxy),
    allowedOrigins,
  };
}

/**
 * The origin the browser sees for this request. Behind a trusted proxy (TRUST_PROXY) the first
 * X-Forwarded-Proto and X-Forwarded-Host are used; otherwise those headers are removed before
 * any code sees them (see stripForwardedHeaders) and the socket's protocol and Host count.
 */
export function selfOriginOf(
  req: Pick<Request, "headers" | "protocol">,
  trustProxy: boolean,
): string {
  const first = (value: string | string[] | undefined) =>
    (typeof value === "string" ? value.split(",")[0].trim() : "") || undefined;
  const proto = (trustProxy && first(req.headers["x-forwarded-proto"])) || req.protocol;
  const host = (trustProxy && first(req.headers["x-forwarded-host"])) || req.headers.host;
  return `${proto}://${host}`;
}

/** The only proxy headers read, and only with TRUST_PROXY on. */
export const TRUSTED_FORWARDED_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
];

/** Proxy headers a client could forge (removed unless trusted). */
export const FORWARDED_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-forwarded-prefix",
  "x-forwarded-server",
  "x-forwarded-ssl",
  "x-real-ip",
  "x-client-ip",
];

/**
 * Express middleware: drops every proxy header a client could forge but those in `keep`, so no
 * code after it (Express's req.protocol/hostname/ip, Remix's request URL, which reads
 * X-Forwarded-Host whatever Express's `trust proxy` says, URL building, the page cache, the rate
 * limits) can use one. With TRUST_PROXY off `keep` is empty.
 */
export function stripForwardedHeaders({ keep = [] }: { keep?: string[] } = {}): RequestHandler {
  const drop = FORWARDED_HEADERS.filter((name) => !keep.includes(name));
  return (req, _res, next) => {
    for (const name of drop) delete req.headers[name];
    next();
  };
}

/**
 * Express middleware for TRUST_PROXY on: the first X-Forwarded-Host becomes the request's Host
 * (and the only X-Forwarded-Host), so Express, Remix's request URL (which takes its port from
 * Host when X-Forwarded-Host has none) and the page cache all see the one public host the
 * proxy was asked for.
 */
export function forwardedHostAsHost(): RequestHandler {
  return (req, _res, next) => {
    const value = req.headers["x-forwarded-host"];
    const first = typeof value === "string" ? value.split(",")[0].trim() : "";
    if (first) {
      req.headers.host = first;
      req.headers["x-forwarded-host"] = first;
    } else {
      delete req.headers["x-forwarded-host"];
    }
    next();
  };
}

/** A header's value when it was sent once (a repeated header is not one value). */
function headerValue(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}
