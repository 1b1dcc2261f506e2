// Request guards that must run before any Remix route, action or resource route.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

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

export function isApiPath(path) {
  return API_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith("/") ? p : `${p}/`));
}

export function parseAllowedOrigins(value) {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim().replace(/\/$/, ""))
    .filter(Boolean);
}

/**
 * Cross-site request forgery guard: a state-changing request whose Origin (or, without one,
 * Sec-Fetch-Site) shows it comes from another site is refused with 403 before anything runs.
 * Covers pages, `?_data=` requests and resource routes alike. Requests with neither header
 * (curl, scripts using the API token) carry no browser ambient authority and pass.
 *
 * @param {{ method: string, path: string, origin?: string, secFetchSite?: string, selfOrigin: string, allowedOrigins: string[] }} req
 * @returns {null | { status: number, message: string }}
 */
export function checkCrossSite({ method, path, origin, secFetchSite, selfOrigin, allowedOrigins }) {
  if (SAFE_METHODS.has(method)) return null;
  if (origin && origin !== "null") {
    if (origin === selfOrigin) return null;
    if (isApiPath(path) && allowedOrigins.includes(origin)) return null;
    return { status: 403, message: "Cross-site request refused." };
  }
  if (origin === "null") return { status: 403, message: "Cross-site request refused." };
  if (secFetchSite && secFetchSite !== "same-origin" && secFetchSite !== "none") {
    return { status: 403, message: "Cross-site request refused." };
  }
  return null;
}

/** The origin the browser sees for this request (honours X-Forwarded-Proto/Host only behind a trusted proxy). */
export function selfOriginOf(req, trustProxy) {
  const proto = trustProxy
    ? (req.headers["x-forwarded-proto"]?.split(",")[0]?.trim() ?? req.protocol)
    : req.protocol;
  const host = trustProxy
    ? (req.headers["x-forwarded-host"]?.split(",")[0]?.trim() ?? req.headers.host)
    : req.headers.host;
  return `${proto}://${host}`;
}
