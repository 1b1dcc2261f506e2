// Stops an HTTP server without cutting off a response. Node's own server.close() (and
// closeIdleConnections) destroys every connection whose response has called end(), even when
// part of that response is still waiting in the socket's write buffer: the client then reads a
// truncated body or ECONNRESET. It also drops connections whose request has arrived but not yet
// been read (a busy event loop). Here, connections are only ever ended (FIN after every byte
// already written): idle keep-alive ones at once, busy ones as soon as their response is out,
// and new ones after their first response (or after a grace period if no request comes); and
// the listener closes only once connections have stopped coming (those already queued in the
// kernel are taken and answered, not reset).
import type http from "node:http";
import net from "node:net";

/** After ending a socket, how long a client may keep it half open before it is destroyed. */
const LINGER_MS = 2_000;
/** How long a connection that has not sent a request yet is given to send one once closing. */
const FIRST_REQUEST_GRACE_MS = 3_000;
/**
 * Once closing, the listener stays open until no connection has come for this long (at most
 * ACCEPT_MAX_MS). Connections the kernel has already taken but the process has not accepted yet
 * (a busy event loop takes them a few at a time) would be reset by closing it at once.
 */
const ACCEPT_QUIET_MS = 400;
const ACCEPT_MAX_MS = 3_000;

export type ConnectionTracker = {
  /** Stops accepting and ends every connection gracefully; `callback` runs once all are closed. */
  close(callback?: (error?: Error) => void): void;
};

/**
 * Tracks the server's connections from now on. Call `close(callback)` once to stop accepting
 * connections and end every one gracefully; `callback` runs when the last one has closed.
 */
export function trackConnections(
  server: http.Server,
  {
    lingerMs = LINGER_MS,
    firstRequestGraceMs = FIRST_REQUEST_GRACE_MS,
    acceptQuietMs = ACCEPT_QUIET_MS,
    acceptMaxMs = ACCEPT_MAX_MS,
  }: {
    lingerMs?: number;
    firstRequestGraceMs?: number;
    acceptQuietMs?: number;
    acceptMaxMs?: number;
  } = {},
): ConnectionTracker {
  const sockets = new Set<net.Socket>();
  /** Connections that have sent a request; a new one's first request may still be unread. */
  const served = new WeakSet<net.Socket>();
  /** Open responses per connection (more than one only with pipelining). */
  const open = new Map<net.Socket, number>();
  let closing = false;
  let lastConnectionAt = 0;

  function endSocket(socket: net.Socket) {
    socket.end();
    setTimeout(() => socket.destroy(), lingerMs).unref();
  }

  /** Ends an idle connection now; gives a new one time for the request it may have sent. */
  function endWhenQuiet(socket: net.Socket) {
    if (served.has(socket)) return endSocket(socket);
    setTimeout(() => {
      if (!open.has(socket)) endSocket(socket);
    }, firstRequestGraceMs).unref();
  }

  server.on("connection", (socket: net.Socket) => {
    lastConnectionAt = Date.now();
    sockets.add(socket);
    socket.once("close", () => {
      sockets.delete(socket);
      open.delete(socket);
    });
    if (closing) endWhenQuiet(socket);
  });

  // First in line, so the header is set before any handler could answer synchronously.
  server.prependListener("request", (req, res) => {
    const socket = req.socket;
    served.add(socket);
    open.set(socket, (open.get(socket) ?? 0) + 1);
    if (closing) res.setHeader("Connection", "close");
    // "close" follows "finish" (every byte handed to the socket) or an aborted response.
    res.once("close", () => {
      const left = (open.get(socket) ?? 1) - 1;
      if (left > 0) open.set(socket, left);
      else open.delete(socket);
      if (closing && left <= 0) endSocket(socket);
    });
  });

  return {
    close(callback) {
      if (closing) return;
      closing = true;
      for (const socket of sockets) if (!open.has(socket)) endWhenQuiet(socket);
      // net.Server's close stops accepting and waits for the connections, without the
      // http.Server pre-close step that destroys "idle" ones. Connections accepted meanwhile are
      // answered once, with Connection: close.
      const closeCalledAt = Date.now();
      lastConnectionAt = closeCalledAt;
      const stillComing = () =>
        Date.now() - lastConnectionAt < acceptQuietMs && Date.now() - closeCalledAt < acceptMaxMs;
      // Decided in setImmediate: after a poll phase has accepted what is queued, even if the
      // loop was blocked until now.
      const closeListenerWhenQuiet = () =>
        setImmediate(() => {
          if (stillComing()) setTimeout(closeListenerWhenQuiet, Math.min(50, acceptQuietMs));
          else net.Server.prototype.close.call(server, callback);
        });
      setTimeout(closeListenerWhenQuiet, Math.min(50, acceptQuietMs));
    },
  };
}
