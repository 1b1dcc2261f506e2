// `Cache-Control: no-store` on every private answer, whatever route or middleware made it:
// the dashboard (documents, `?_data=` answers, resource routes such as the backup download),
// the sign-in and sign-out screens, and any answer made for a request that carries the owner's
// credentials (a session cookie or an Authorization header). A browser, a proxy or a shared
// cache then never keeps a page made for the owner. Any other answer that sets a cookie (the
// theme switch, a sign-in throttle's device cookie, a flash message) is `no-store` too unless
// its route already made it private: a shared cache must never hand one visitor's cookie to
// the next. Other anonymous answers are left alone.
import type { RequestHandler } from "express";
import type { IncomingHttpHeaders } from "node:http";
import { hasSessionCookie } from "../app/utils/http-names.server";

const PRIVATE_PATH = /^\/(?:dashboard|login|logout)(?:\/|$)/;
/**
 * Served images and social cards are public content whoever asks (a draft has no card, even for
 * the owner): they keep their caching.
 */
const PUBLIC_CONTENT = /^\/(?:images|og)\//;
/** Whether the answer to this request is private. */
export function isPrivateRequest({
  path,
  headers,
}: {
  path: string;
  headers: IncomingHttpHeaders;
}): boolean {
  if (PRIVATE_PATH.test(path)) return true;
  if (PUBLIC_CONTENT.test(path)) return false;
  return hasSessionCookie(headers.cookie) || Boolean(headers.authorization);
}

/**
 * Express middleware: marks private answers, and answers setting a cookie, `Cache-Control:
 * no-store` just before they go out.
 */
export function privateNoStore(): RequestHandler {
  return (req, res, next) => {
    const isPrivate = isPrivateRequest(req);
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      res.writeHead = writeHead;
      // Whatever a route set (Remix appends route headers) is replaced, not added to.
      if (!res.headersSent) {
        if (isPrivate) res.setHeader("Cache-Control", "no-store");
        else if (
          res.getHeader("set-cookie") &&
          !/no-store|private/i.test(String(res.getHeader("cache-control") ?? ""))
        )
          res.setHeader("Cache-Control", "no-store");
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
