// `Cache-Control: no-store` on every private answer, whatever route or middleware made it:
// the dashboard (documents, `?_data=` answers, resource routes such as the backup download),
// the sign-in and sign-out screens, and any answer made for a request that carries the owner's
// credentials (a session cookie or an Authorization header). A browser, a proxy or a shared
// cache then never keeps a page made for the owner. Anonymous public answers are left alone.

const PRIVATE_PATH = /^\/(?:dashboard|login|logout)(?:\/|$)/;
/** Served images are public content whoever asks (and immutable): they keep their caching. */
const PUBLIC_CONTENT = /^\/images\//;
const SESSION_COOKIE = /(?:^|;)\s*(?:__Host-)?folio_session=/;

/**
 * Whether the answer to this request is private.
 * @param {{ path: string, headers: Record<string, string | string[] | undefined> }} req
 */
export function isPrivateRequest({ path, headers }) {
  if (PRIVATE_PATH.test(path)) return true;
  if (PUBLIC_CONTENT.test(path)) return false;
  const cookie = typeof headers.cookie === "string" ? headers.cookie : "";
  return SESSION_COOKIE.test(cookie) || Boolean(headers.authorization);
}

/** Express middleware: marks private answers `Cache-Control: no-store` just before they go out. */
export function privateNoStore() {
  return (req, res, next) => {
    if (!isPrivateRequest(req)) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      res.writeHead = writeHead;
      // Whatever a route set (Remix appends route headers) is replaced, not added to.
      if (!res.headersSent) res.setHeader("Cache-Control", "no-store");
      return writeHead.apply(this, args);
    };
    next();
  };
}
