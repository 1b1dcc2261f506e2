// Image references in the REST API. Folio stores its own images as /images/KEY (root-relative,
// so its pages render them with responsive variants whatever host they are asked on); a client
// of the API on another origin would resolve that against itself, so answers carry them
// absolute: <PUBLIC_URL or the request's own origin>/images/KEY. Inbound, a body carrying this
// site's own absolute image URL is stored as /images/KEY again, so a client that GETs a record
// and PUTs it back changes nothing (and no image is cleaned up as "replaced").
import { IMAGE_PATH } from "~/entities/fields";
import type { Body } from "./api.server";
import { absoluteUrl, siteUrl } from "./site-url.server";

/**
 * The bases an absolute image URL may start with as this site's own: the request's origin and
 * the site URL (PUBLIC_URL, which may carry a path), normalised like URL does (lower-case host).
 */
export function ownBases(request: Request): Set<string> {
  const bases = new Set<string>();
  for (const base of [new URL(request.url).origin, siteUrl(request)]) {
    try {
      const url = new URL(base);
      bases.add((url.origin + url.pathname).replace(/\/+$/, ""));
    } catch {
      // siteUrl is a validated URL or the request's own origin: nothing to add otherwise.
    }
  }
  return bases;
}

/** An uploaded image's reference made absolute against `base`; anything else unchanged. */
export function absoluteImage(value: unknown, base: string): unknown {
  return typeof value === "string" && IMAGE_PATH.test(value) ? absoluteUrl(base, value) : value;
}

/** This site's own absolute image URL as its stored reference (/images/KEY); anything else unchanged. */
export function localImage(value: unknown, bases: Set<string>): unknown {
  if (typeof value !== "string" || !/^https?:\/\//i.test(value.trim())) return value;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return value;
  }
  if (url.search || url.hash || url.username || url.password) return value;
  const full = url.origin + url.pathname;
  for (const base of bases) {
    const path = full.startsWith(`${base}/`) ? full.slice(base.length) : "";
    if (IMAGE_PATH.test(path)) return path;
  }
  return value;
}

/** Applies `map` to each named field (a list field item by item). */
function mapFields<T extends object>(
  record: T,
  fields: readonly string[],
  map: (value: unknown) => unknown,
): T {
  const out = { ...record } as Record<string, unknown>;
  for (const field of fields) {
    const value = out[field];
    if (value === undefined) continue;
    out[field] = Array.isArray(value) ? value.map(map) : map(value);
  }
  return out as T;
}

/** A record as the API answers it: its uploaded images as absolute URLs of this site. */
export function withAbsoluteImages<T extends object>(
  record: T,
  fields: readonly string[],
  request: Request,
): T {
  const base = siteUrl(request);
  return mapFields(record, fields, (value) => absoluteImage(value, base));
}

/** A request body with this site's own absolute image URLs turned back into /images/KEY. */
export function withLocalImages(body: Body, fields: readonly string[], request: Request): Body {
  const bases = ownBases(request);
  return mapFields<Body>(body, fields, (value) => localImage(value, bases));
}
