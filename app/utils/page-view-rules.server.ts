// Which finished requests are counted as page views (visit statistics: docs/statistics.md).
// Pure and cheap: called for every GET the server answers, before anything is aggregated.
// Counted: a GET of a public page answered 200 (or 304: the browser shows its current copy). Not counted: other methods and statuses, Remix's
// data requests (`?_data=`), bots (and requests without a User-Agent), Do Not Track and Global
// Privacy Control, prefetches, and the owner (a session or device cookie, or an Authorization
// header: only the names are checked; a stranger forging one only opts themselves out).
import { isbot } from "isbot";
import { SESSION_COOKIE_NAME } from "./http-names.server";

/** Request headers as Node gives them (lower-case names). */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** What the server hands over once an answer is out. */
export type FinishedRequest = {
  method: string;
  /** The request target as sent ("/projects?page=2"). */
  url: string;
  status: number;
  headers: RequestHeaders;
  /** The host the page was asked for (Host, or X-Forwarded-Host behind a trusted proxy). */
  host: string;
};

/** A counted page view. */
export type PageView = {
  /** The page's path, without query and trailing slash ("/projects/12"). */
  path: string;
  /** The project shown, on a project's page. */
  projectId: number | null;
  /** The referring site's host name ("" for none, or this site itself). */
  referrer: string;
};

/**
 * The answers that show a page: 200, and 304 (a browser showing the copy it has, after the server
 * confirmed it is current: the public pages have an ETag and max-age=0, so a returning visitor's
 * browser asks every time).
 */
const COUNTED_STATUS: ReadonlySet<number> = new Set([200, 304]);

/** The public pages (an optional trailing slash); group 1: the page, group 2: a project's id. */
const PUBLIC_PAGE = /^\/(?:(projects(?:\/(?:react|laravel|(\d{1,12})))?|resume|contact)\/?)?$/;

/** The owner's cookies: the session, and the device cookie a signed-out owner's browser keeps. */
const OWNER_COOKIE = new RegExp(`(?:^|;)\\s*(?:__Host-)?(?:${SESSION_COOKIE_NAME}|folio_device)=`);

/** Remix's data requests (client-side navigation): `_data` among the query's names. */
const DATA_REQUEST = /(?:^|&)_data(?:[=&]|$)/;

const MAX_HOST_LENGTH = 253;
/** A longer Referer is not parsed (no browser sends one for a link to a portfolio). */
const MAX_REFERER_LENGTH = 4096;

/**
 * A small memo of answers per input (user agents and referrers repeat: the same browsers and links
 * over and over), so the per-request cost is a map lookup. Emptied when full, so it stays bounded.
 */
function memo<T>(compute: (key: string) => T, size = 1000): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      if (answers.size >= size) answers.clear();
      answer = compute(key);
      answers.set(key, answer);
    }
    return answer;
  };
}

/** Whether a (non-empty) User-Agent is a bot's: the `isbot` list, memoised. */
const isBotAgent = memo(isbot);

function header(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === "string" ? value : value?.join(", ");
}

/** A host name without port, lower case, without a trailing dot or a leading `www.`. */
function siteName(hostname: string): string {
  let name = hostname.toLowerCase();
  if (name.endsWith(".")) name = name.slice(0, -1);
  if (name.startsWith("www.")) name = name.slice(4);
  return name;
}

/** `host` (a Host header: name or address, an optional port) without its port. */
function withoutPort(host: string): string {
  return host.replace(/:\d*$/, "");
}

/**
 * The referring site: the host name of `referer` when it is an http(s) URL of another site than
 * `ownHost` (lower case, a leading `www.` dropped); "" otherwise.
 */
export function referrerOf(referer: string | undefined, ownHost: string): string {
  if (!referer || referer.length > MAX_REFERER_LENGTH) return "";
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  const name = siteName(url.hostname);
  if (!name || name.length > MAX_HOST_LENGTH) return "";
  if (name === siteName(withoutPort(ownHost))) return "";
  return name;
}

/** referrerOf, memoised (key: the host, a line break, the Referer: neither holds one). */
const referrerOfMemo = memo((key) => {
  const br = key.indexOf("\n");
  return referrerOf(key.slice(br + 1), key.slice(0, br));
});

/** Whether the request announces itself as a prefetch (or prerender) rather than a visit. */
function isPrefetch(headers: RequestHeaders): boolean {
  const purpose = header(headers, "sec-purpose") ?? header(headers, "purpose") ?? "";
  return /prefetch|prerender/i.test(purpose) || /prefetch/i.test(header(headers, "x-moz") ?? "");
}

/** The page view `request` counts as, or null when it is not one. */
export function pageViewOf(request: FinishedRequest): PageView | null {
  if (request.method !== "GET" || !COUNTED_STATUS.has(request.status)) return null;
  const { url, headers } = request;
  const q = url.indexOf("?");
  const match = PUBLIC_PAGE.exec(q < 0 ? url : url.slice(0, q));
  if (!match) return null;
  if (q >= 0 && DATA_REQUEST.test(url.slice(q + 1))) return null;
  if (header(headers, "dnt")?.trim() === "1") return null;
  if (header(headers, "sec-gpc")?.trim() === "1") return null;
  if (isPrefetch(headers)) return null;
  if (headers.authorization !== undefined) return null;
  const cookie = header(headers, "cookie");
  if (cookie && OWNER_COOKIE.test(cookie)) return null;
  const agent = header(headers, "user-agent")?.trim() ?? "";
  if (!agent || isBotAgent(agent)) return null;
  const projectId = match[2] === undefined ? null : Number(match[2]);
  const path = projectId !== null ? `/projects/${projectId}` : match[1] ? `/${match[1]}` : "/";
  const referer = header(headers, "referer");
  return {
    path,
    projectId,
    referrer: referer ? referrerOfMemo(`${request.host}\n${referer}`) : "",
  };
}
