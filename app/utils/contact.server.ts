import { createMessage } from "~/models/message.server";
import { contactSchema } from "~/entities/message";
import { emailEnabled } from "./email.server";
import { env } from "./env.server";
import { checkFormSpam } from "./honeypot.server";
import { kickNotification } from "./notifier.server";
import { consumeRateLimit, formatRetryAfter } from "./rate-limit.server";
import { fieldErrorsOf } from "./validation";

export type ContactResult =
  | { ok: true; id: number }
  | {
      ok: false;
      status: 400 | 429;
      error: string;
      fieldErrors?: Record<string, string>;
      /** With a 429: seconds until the visitor may send again (for a Retry-After header). */
      retryAfterSeconds?: number;
    };

/**
 * The one path of a contact message, shared by the /contact page and POST /sendmail:
 * validate, rate-limit per IP, filter bots (form only), store and commit, and only then answer;
 * the owner's email notification starts afterwards, without making the visitor wait.
 */
export async function submitContactMessage(
  input: Record<string, unknown>,
  { ip, source }: { ip: string; source: "form" | "api" },
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

  const { CONTACT_MAX_PER_WINDOW: max, CONTACT_WINDOW_SECONDS: window } = env();
  const limit = await consumeRateLimit(`contact:ip:${ip}`, max, window);
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      error: `You have sent too many messages. Please try again in ${formatRetryAfter(limit.retryAfterSeconds)}.`,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }

  const verdict = source === "form" ? checkFormSpam(input) : { spam: false as const };
  if (verdict.spam) {
    // Answered like a success so a bot learns nothing; kept in the spam folder, never emailed.
    const { id } = await createMessage({ ...parsed.data, ip, folder: "spam", notifyStatus: "off" });
    console.log(`Contact message ${id} stored as spam (${verdict.reason})`);
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
