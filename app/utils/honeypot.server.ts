import crypto from "node:crypto";
import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from "~/entities/message";
import { env } from "./env.server";
import { judgeContactForm, type SpamInput, type SpamVerdict } from "./spam-rules";

/**
 * Spam protection for public forms, without JavaScript and without third parties:
 * - a honeypot: a field people never see (off-screen, hidden from assistive tech) that bots fill;
 * - a signed timestamp of when the form was served, so the server knows how long it took to
 *   send it (and that it came from the page at all).
 * The rule that weighs these signs is app/utils/spam-rules.ts (docs/contact.md).
 */
export { FORM_STARTED_FIELD, HONEYPOT_FIELD };

function sign(value: string, secret: string) {
  return crypto.createHmac("sha256", secret).update(`folio-form:${value}`).digest("base64url");
}

/** A signed "form served at" stamp to put in a hidden field. */
export function createFormStamp(now = Date.now()) {
  const value = String(Math.floor(now));
  return `${value}.${sign(value, env().sessionSecrets[0])}`;
}

/** When the form was served, or null when the stamp is missing or forged. */
export function readFormStamp(stamp: unknown): number | null {
  if (typeof stamp !== "string" || stamp.length > 200) return null;
  const [value, signature, extra] = stamp.split(".");
  if (!value || !signature || extra !== undefined || !/^\d{1,15}$/.test(value)) return null;
  const given = Buffer.from(signature);
  const valid = env().sessionSecrets.some((secret) => {
    const expected = Buffer.from(sign(value, secret));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
  return valid ? Number(value) : null;
}

/** What the request itself says about the sender (a browser sends both). */
export type ClientHints = { userAgent: string | null; acceptLanguage: string | null };

export function clientHintsOf(request: Request): ClientHints {
  return {
    userAgent: request.headers.get("User-Agent"),
    acceptLanguage: request.headers.get("Accept-Language"),
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Judges a contact-form submission by its honeypot, its stamp, its content and its sender. */
export function checkFormSpam(
  input: Record<string, unknown>,
  hints: ClientHints = { userAgent: null, acceptLanguage: null },
  now = Date.now(),
): SpamVerdict {
  const honey = input[HONEYPOT_FIELD];
  const rawStamp = input[FORM_STARTED_FIELD];
  const servedAt = readFormStamp(rawStamp);
  const stamp: SpamInput["stamp"] =
    servedAt !== null
      ? { servedAt }
      : {
          problem:
            rawStamp === undefined || rawStamp === null || rawStamp === "" ? "missing" : "forged",
        };
  return judgeContactForm({
    // Anything but an empty string (or nothing) in the honeypot was put there by a program.
    honeypot: typeof honey === "string" ? honey : honey === undefined || honey === null ? "" : "?",
    stamp,
    now,
    minFillMs: env().CONTACT_MIN_FILL_MS,
    subject: text(input.subject),
    message: text(input.message),
    ...hints,
  });
}
