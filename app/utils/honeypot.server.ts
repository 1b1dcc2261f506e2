import crypto from "node:crypto";
import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from "~/entities/message";
import { env } from "./env.server";

/**
 * Spam protection for public forms, without JavaScript and without third parties:
 * - a honeypot: a field people never see (off-screen, hidden from assistive tech) that bots fill;
 * - a minimum fill time: the page carries a signed timestamp of when the form was served, so a
 *   submission made sooner than CONTACT_MIN_FILL_MS after it (or without a valid stamp) is a bot.
 */
export { FORM_STARTED_FIELD, HONEYPOT_FIELD };

/** How far in the future a stamp may lie (clock skew between processes is none, but be kind). */
const FUTURE_TOLERANCE_MS = 5_000;

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

export type SpamVerdict =
  { spam: false } | { spam: true; reason: "honeypot" | "stamp" | "too-fast" };

/** Judges a form submission by its honeypot and its fill time. */
export function checkFormSpam(input: Record<string, unknown>, now = Date.now()): SpamVerdict {
  const honey = input[HONEYPOT_FIELD];
  if (typeof honey === "string" ? honey !== "" : honey !== undefined && honey !== null) {
    return { spam: true, reason: "honeypot" };
  }
  const startedAt = readFormStamp(input[FORM_STARTED_FIELD]);
  if (startedAt === null || startedAt > now + FUTURE_TOLERANCE_MS) {
    return { spam: true, reason: "stamp" };
  }
  if (now - startedAt < env().CONTACT_MIN_FILL_MS) return { spam: true, reason: "too-fast" };
  return { spam: false };
}
