import { createMessage, findRecentDuplicate } from "~/models/message.server";
import { contactSchema } from "~/entities/message";
import { emailEnabled } from "./email.server";
import { env } from "./env.server";
import { checkFormSpam, type ClientHints } from "./honeypot.server";
import { kickNotification } from "./notifier.server";
import { consumeRateLimit, formatRetryAfter } from "./rate-limit.server";
import { fieldErrorsOf } from "./validation";

export type ContactResult =
  | { ok: true; id: number }
  | {
      ok: false;
      status: 400 | 409 | 429;
      error: string;
      fieldErrors?: Record<string, string>;
      /** With a 429: seconds until the visitor may send again (for a Retry-After header). */
      retryAfterSeconds?: number;
    };

/** The refusal of a message sent again (a reload after sending, a second click, a replayed POST). */
export const DUPLICATE_MESSAGE =
  "You already sent this message a few minutes ago: it arrived, no need to send it again.";

/**
 * The one path of a contact message, shared by the /contact page and POST /sendmail:
 * validate, refuse the same message sent again, rate-limit per IP, filter bots (form only),
 * store and commit, and only then answer; the owner's email notification starts afterwards,
 * without making the visitor wait.
 */
export async function submitContactMessage(
  input: Record<string, unknown>,
  {
    ip,
    source,
    hints,
    now = Date.now(),
  }: { ip: string; source: "form" | "api"; hints?: ClientHints; now?: number },
): Promise<ContactResult> {
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      error: "Your message was not sent: please correct the highlighted fields.",
      fieldErrors: fieldErrorsOf(parsed.error),
    };
  }

  const {
    CONTACT_MAX_PER_WINDOW: max,
    CONTACT_WINDOW_SECONDS: window,
    CONTACT_DUPLICATE_WINDOW_MS: duplicateWindow,
  } = env();
  // Before the rate limit: sending the same message again does not use up the visitor's quota.
  if (
    duplicateWindow > 0 &&
    (await findRecentDuplicate({ ip, ...parsed.data }, new Date(now - duplicateWindow)))
  ) {
    return { ok: false, status: 409, error: DUPLICATE_MESSAGE };
  }

  const limit = await consumeRateLimit(`contact:ip:${ip}`, max, window);
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      error: `You have sent too many messages. Please try again in ${formatRetryAfter(limit.retryAfterSeconds)}.`,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }

  const verdict = source === "form" ? checkFormSpam(input, hints, now) : { spam: false as const };
  if (verdict.spam) {
    // Answered like a success so a bot learns nothing; kept in the spam folder with why (the
    // owner reads it on the message), never emailed.
    const { id } = await createMessage({
      ...parsed.data,
      ip,
      folder: "spam",
      notifyStatus: "off",
      spamReason: verdict.reason,
    });
    console.log(`Contact message ${id} stored as spam: ${verdict.reason}`);
    return { ok: true, id };
  }

  const { id } = await createMessage({
    ...parsed.data,
    ip,
    folder: "inbox",
    notifyStatus: emailEnabled() ? "pending" : "off",
  });
  kickNotification(id);
  return { ok: true, id };
}
