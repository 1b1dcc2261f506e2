import { Resend } from "resend";
import { env } from "./env.server";

/** Resend gets this long to answer before the attempt counts as failed (and is retried later). */
export const EMAIL_TIMEOUT_MS = 10_000;

export type OutgoingEmail = {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  /** The same key for every attempt of the same email: Resend sends it at most once. */
  idempotencyKey: string;
};

export type SendResult = { ok: true; id: string } | { ok: false; error: string };

let client: { key: string; resend: Resend } | undefined;

function resendClient(key: string) {
  // The SDK reads RESEND_BASE_URL (tests point it at a local fake of Resend).
  if (client?.key !== key) client = { key, resend: new Resend(key) };
  return client.resend;
}

/** Whether email notification is configured (RESEND_API_KEY set). */
export function emailEnabled() {
  return Boolean(env().RESEND_API_KEY);
}

/** Sends one email through Resend. Never throws: failures and timeouts come back as `error`. */
export async function sendEmail(
  email: OutgoingEmail,
  { timeoutMs = EMAIL_TIMEOUT_MS, signal }: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<SendResult> {
  const key = env().RESEND_API_KEY;
  if (!key) return { ok: false, error: "Email notification is off (no RESEND_API_KEY)." };
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
  try {
    const { data, error } = await resendClient(key).emails.send(
      {
        from: env().RESEND_FROM,
        to: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
      },
      { idempotencyKey: email.idempotencyKey, signal: combined },
    );
    if (timeout.aborted)
      return { ok: false, error: `Resend did not answer within ${timeoutMs} ms` };
    if (signal?.aborted) return { ok: false, error: "Sending was interrupted by a shutdown" };
    if (error || !data) {
      const status = error?.statusCode ? ` (${error.statusCode})` : "";
      return {
        ok: false,
        error: `Resend refused the email${status}: ${error?.message ?? "no answer"}`,
      };
    }
    return { ok: true, id: data.id };
  } catch (error) {
    if (timeout.aborted)
      return { ok: false, error: `Resend did not answer within ${timeoutMs} ms` };
    return { ok: false, error: `Sending failed: ${(error as Error).message ?? String(error)}` };
  }
}
