// `Cache-Control` of the public pages, for browsers and for a CDN or caching proxy in front
// (docs/scaling.md): PUBLIC_CACHE_CONTROL, by default `public, max-age=0, s-maxage=60,
// stale-while-revalidate=86400` (browsers check every time, a shared cache keeps a page 60 s
// and may answer a stale one while it fetches the next). Only on what every visitor may be
// given: a 200 (or 304) of a public page (the page cache's list), to a request without the
// owner's credentials, without Set-Cookie, and not marked no-store/private by its route (the
// contact page). A page depends on the theme cookie too, so `Vary: Cookie` is added: a shared
// cache keeps the no-cookie page apart from a themed one, and never serves either to the
// owner, whose answers are `no-store` (server/private-cache.ts).
import type { RequestHandler } from "express";
import { isPublicPagePath } from "./page-cache";
import { isPrivateRequest } from "./private-cache";

/** `vary` with `name` added when missing. */
export function varyWith(vary: string | undefined, name: string): string {
  const names = (vary ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  return names.join(", ");
}

export function publicCacheControl(value: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (!isPublicPagePath(req.path) || isPrivateRequest(req)) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      res.writeHead = writeHead;
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      const own = String(res.getHeader("cache-control") ?? "");
      if (
        !res.headersSent &&
        (status === 200 || status === 304) &&
        !res.getHeader("set-cookie") &&
        !/no-store|private/i.test(own)
      ) {
        res.setHeader("Cache-Control", value);
        res.setHeader("Vary", varyWith(res.getHeader("vary")?.toString(), "Cookie"));
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
