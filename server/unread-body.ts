// A route may answer without reading the request body (a 401 before the form is read, a 413
// past a cap). Remix has already started pulling that body into a paused stream, so Node does
// not drain it, and on a kept-alive connection the next request would wait behind the unread
// bytes forever. A small declared body still unread when the answer starts is read and dropped
// once the answer is out (closing would reset a client that is still writing it, EPIPE); anything
// larger, or of unknown length, gets `Connection: close`: the client stops sending, and nothing
// of the rest is read or kept.
import type { RequestHandler } from "express";
import type { IncomingMessage } from "node:http";

/** Bodies up to this size are drained after the answer instead of closing the connection. */
export const DRAIN_MAX_BYTES = 64 * 1024;

/**
 * Whether the request has a body at all. A bodiless GET answered at once (a page-cache hit, a
 * refusal) is not yet `complete` either: without this check it would lose its connection.
 */
function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

export const closeWhenBodyUnread: RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (declaresBody(req) && !req.complete && !res.headersSent) {
      const declared = Number(req.headers["content-length"]);
      if (req.headers["content-length"] && declared <= DRAIN_MAX_BYTES) {
        res.once("finish", () => {
          // Detach the paused stream Remix made, then let Node read the rest and drop it.
          req.removeAllListeners("data");
          req.resume();
        });
      } else {
        res.setHeader("Connection", "close");
      }
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};
