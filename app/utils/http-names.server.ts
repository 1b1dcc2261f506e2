// Names on the wire that the Express server (server/) and the app both use: one place, so the
// two sides cannot drift apart.

/** The owner's session cookie (`__Host-folio_session` when cookies are Secure). */
export const SESSION_COOKIE_NAME = "folio_session";
/** The visitor's colour theme: the one cookie that carries no authority. */
export const THEME_COOKIE_NAME = "folio_theme";
/** Set by the server on every request (never taken from the client): the client's address. */
export const CLIENT_IP_HEADER = "x-folio-client-ip";
/** Set by the server when it hands an OPTIONS request to Remix (which refuses OPTIONS) as a GET. */
export const OPTIONS_HEADER = "x-folio-method";
/** Methods that change nothing: no CSRF check, and they do not count as writes. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:__Host-)?${SESSION_COOKIE_NAME}=`);

/** Whether a Cookie header carries a session cookie (valid or not: nothing is checked here). */
export function hasSessionCookie(cookie: string | undefined | null): boolean {
  return typeof cookie === "string" && SESSION_COOKIE.test(cookie);
}
