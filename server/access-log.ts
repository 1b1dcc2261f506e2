// The request log line of an answer made outside Express (server/fast-hit.ts), in the format
// morgan writes for the others (server/app.ts): Apache "combined" in production, morgan's "dev"
// otherwise. Built by hand: a hit must not pay for morgan's compiled formatter and token calls.
import type { IncomingMessage } from "node:http";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** morgan's `:date[clf]`: `23/Nov/2026:15:05:23 +0000`. */
export function clfDate(date: Date): string {
  return (
    `${pad2(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())} +0000`
  );
}

/** The date of the current second, formatted once per second (a hit may log thousands). */
let cached = { second: -1, text: "" };
function clfNow(now: number): string {
  const second = Math.floor(now / 1000);
  if (second !== cached.second) cached = { second, text: clfDate(new Date(now)) };
  return cached.text;
}

export type LoggedAnswer = {
  /** The client's address as the rate limits see it (morgan's `:remote-addr`). */
  ip: string;
  status: number;
  /** Content-Length of the answer, when it has one. */
  length: number | undefined;
  /** When the request started (performance.now()), for the dev format's response time. */
  startedAt: number;
};

/** morgan's "combined" (production) or "dev" line for `req` (without the newline). */
export function accessLogLine(
  req: IncomingMessage,
  { ip, status, length, startedAt }: LoggedAnswer,
  { production, now = Date.now() }: { production: boolean; now?: number },
): string {
  const len = length === undefined ? "-" : String(length);
  if (!production) {
    const color = status >= 500 ? 31 : status >= 400 ? 33 : status >= 300 ? 36 : 32;
    const ms = (performance.now() - startedAt).toFixed(3);
    return `\x1b[0m${req.method} ${req.url} \x1b[${color}m${status}\x1b[0m ${ms} ms - ${len}\x1b[0m`;
  }
  const referrer = req.headers.referer || req.headers.referrer || "-";
  const agent = req.headers["user-agent"] || "-";
  return (
    `${ip} - - [${clfNow(now)}] "${req.method} ${req.url} HTTP/${req.httpVersionMajor}.${req.httpVersionMinor}" ` +
    `${status} ${len} "${String(referrer)}" "${agent}"`
  );
}
