// `Cache-Control: no-store` on every private answer, whatever route or middleware made it:
// the dashboard (documents, `?_data=` answers, resource routes such as the backup download),
// the sign-in and sign-out screens, and any answer made for a request that carries the owner's
// credentials (a session cookie or an Authorization header). A browser, a proxy or a shared
// cache then never keeps a page made for the owner. Anonymous public answers are left alone.
import type { RequestHandler } from "express";
import type { IncomingHttpHeaders } from "node:http";
import { hasSessionCookie } from "../app/utils/http-names.server";

const PRIVATE_PATH = /^\/(?:dashboard|login|logout)(?:\/|$)/;
/** Served images are public content whoever asks (and immutable): they keep their caching. */
const PUBLIC_CONTENT = /^\/images\//;
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

/** Express middleware: marks private answers `Cache-Control: no-store` just before they go out. */
export function privateNoStore(): RequestHandler {
  return (req, res, next) => {
    if (!isPrivateRequest(req)) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      res.writeHead = writeHead;
      // Whatever a route set (Remix appends route headers) is replaced, not added to.
      if (!res.headersSent) res.setHeader("Cache-Control", "no-store");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
