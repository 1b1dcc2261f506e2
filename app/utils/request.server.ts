export { clientIp } from "./client-ip.server";

/** A made-up origin to resolve redirect targets against: only paths keep it. */
const PROBE_ORIGIN = "http://folio.invalid";
/** Longer targets are not ours (a real path of this site is far shorter). */
const MAX_REDIRECT_LENGTH = 2048;
/** How many rounds of percent-decoding are looked through (double- and triple-encoding). */
const MAX_DECODE_ROUNDS = 3;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The value and its percent-decoded forms (each round decoded once more), or null when it is
 * not valid percent-encoding or is encoded more deeply than any link of this site would be.
 */
function decodedForms(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return forms;
    if (round === MAX_DECODE_ROUNDS) return null;
    forms.push(next);
    current = next;
  }
  return forms;
}

/**
 * Whether one form of a target is a plain path of this site as a browser (or Remix's client
 * router) would read it: a single leading slash, no control characters (the URL parser drops
 * tabs and newlines, turning `/\t/host` into `//host`), no backslash (read as a slash), and
 * still on this origin once resolved.
 */
function isLocalPath(form: string): boolean {
  if (!form.startsWith("/") || form.startsWith("//") || form.startsWith("/\\")) return false;
  if (CONTROL.test(form) || form.includes("\\")) return false;
  if (/^\/%(?:2f|5c)/i.test(form)) return false;
  try {
    return new URL(form, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * A same-site path to go back to (after login, a theme switch, a reorder); anything that could
 * lead a browser to another origin falls back to `fallback`. The value is checked as it came
 * and after each round of percent-decoding, and the normalised path (+ query + hash, as the URL
 * parser serialises it: ASCII only, safe for a Location header) is returned. Never throws.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/dashboard",
): string {
  if (typeof to !== "string" || to === "" || to.length > MAX_REDIRECT_LENGTH) return fallback;
  const forms = decodedForms(to);
  if (!forms || !forms.every(isLocalPath)) return fallback;
  const url = new URL(to, PROBE_ORIGIN);
  return `${url.pathname}${url.search}${url.hash}`;
}
