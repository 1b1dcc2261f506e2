// The content version as the page cache sees it, read from the database at most once every
// `maxStaleMs` instead of on every request (server/fast-hit.ts answers thousands a second).
//
// Why a reused page is still never older than the bound: `read()` is SQLite's `PRAGMA
// data_version` (app/models/content-version.server.ts), which changes once anything commits,
// from this process or another (the CLI, `sqlite3`, a restore). A write committed at time t is
// seen by every read made after t. `current()` reads again whenever the last read is
// `maxStaleMs` old or more, so a request arriving at t + maxStaleMs or later compares the
// stored page with a version read after t: the page made before the write is refused.
// Writes through this server are seen at once, not after the bound: every request that may
// write (any method but GET/HEAD/OPTIONS) calls `expire()` once answered, and a page is only
// stored with a version read afresh (`fresh()`) just before it was rendered.
export type ContentClock = {
  /** The version, read again when the last read is `maxStaleMs` old or more. */
  current(): unknown;
  /** The version read now (and kept for current()). */
  fresh(): unknown;
  /** Forgets the last read: the next current() reads the database. */
  expire(): void;
};

export function contentClock({
  read,
  maxStaleMs,
  now = Date.now,
}: {
  read: () => unknown;
  maxStaleMs: number;
  now?: () => number;
}): ContentClock {
  let value: unknown;
  let readAt = -Infinity;
  const fresh = () => {
    readAt = now();
    value = read();
    return value;
  };
  return {
    current: () => (now() - readAt >= maxStaleMs ? fresh() : value),
    fresh,
    expire: () => {
      readAt = -Infinity;
    },
  };
}
