// A route may answer without reading the request body (a 401 before the form is read, a 413
// past a cap). Remix has already started pulling that body into a paused stream, so Node does
// not drain it, and on a kept-alive connection the next request would wait behind the unread
// bytes forever. Whatever is still unread when the answer starts, the connection closes after
// the answer: the client stops sending, and nothing of the rest is read or kept.

/** @type {import("express").RequestHandler} */
export function closeWhenBodyUnread(req, res, next) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    if (!req.complete && !res.headersSent) res.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  };
  next();
}
