import {
  claimMessageForNotify,
  dueMessageIds,
  markNotifyFailed,
  markNotifySent,
  releaseNotifyClaims,
  type MessageToNotify,
} from "~/models/message.server";
import { getProfile } from "~/models/profile.server";
import { EMAIL_TIMEOUT_MS, emailEnabled, sendEmail } from "./email.server";
import { env } from "./env.server";

/**
 * Email notification of stored contact messages. A message is stored first (status pending);
 * then it is claimed (one atomic UPDATE, so two workers never send the same message), sent
 * through Resend with an idempotency key derived from the message, and marked sent or failed.
 * Failed sends are retried with exponential backoff by a background loop; a claim left behind by
 * a crash expires (a lease), and at start every unsent message is retried at once.
 */

/** A claim lasts longer than one send can take (timeout plus margin). */
export const CLAIM_LEASE_MS = EMAIL_TIMEOUT_MS + 20_000;
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
/** How often the background loop looks for due retries. */
export const RETRY_POLL_MS = 15_000;

/** Wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min ... at most 1 h. */
export function retryDelayMs(attempts: number) {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** The Idempotency-Key of a message's notification: the same for every attempt. */
export function idempotencyKeyOf(message: { id: number; createdAt: Date }) {
  return `folio-message-${message.id}-${message.createdAt.getTime()}`;
}

function emailFor(message: MessageToNotify, to: string) {
  const publicUrl = env().PUBLIC_URL?.replace(/\/$/, "");
  const link = publicUrl
    ? `\n\nRead it in your inbox: ${publicUrl}/dashboard/admin/messages/${message.id}`
    : "";
  return {
    to,
    replyTo: message.email,
    subject: `New message: ${message.subject}`,
    text:
      `${message.name} <${message.email}> wrote through your site's contact form:\n\n` +
      `Subject: ${message.subject}\n\n${message.message}\n\n` +
      `-- \nReply to this email to answer ${message.name}.${link}`,
    idempotencyKey: idempotencyKeyOf(message),
  };
}

async function recipient() {
  return env().CONTACT_TO_EMAIL ?? ((await getProfile())?.email || undefined);
}

const inFlight = new Set<Promise<unknown>>();
let shutdownController = new AbortController();

function track<T>(promise: Promise<T>): Promise<T> {
  inFlight.add(promise);
  void promise.finally(() => inFlight.delete(promise)).catch(() => {});
  return promise;
}

/**
 * Claims message `id` and sends its notification, if it is due and nobody else has it.
 * Returns what happened; never throws.
 */
export function notifyMessage(
  id: number,
  { now = new Date(), timeoutMs }: { now?: Date; timeoutMs?: number } = {},
): Promise<"sent" | "failed" | "skipped"> {
  return track(
    (async () => {
      if (!emailEnabled()) return "skipped" as const;
      try {
        const message = await claimMessageForNotify(
          id,
          now,
          new Date(now.getTime() + CLAIM_LEASE_MS),
        );
        if (!message) return "skipped" as const;
        const to = await recipient();
        const result = to
          ? await sendEmail(emailFor(message, to), {
              timeoutMs,
              signal: shutdownController.signal,
            })
          : {
              ok: false as const,
              error: "No recipient: set CONTACT_TO_EMAIL or the email in the profile.",
            };
        if (result.ok) {
          await markNotifySent(id);
          return "sent" as const;
        }
        const next = new Date(Date.now() + retryDelayMs(message.attempts));
        await markNotifyFailed(id, result.error, next);
        console.warn(
          `Contact message ${id}: notification attempt ${message.attempts} failed (${result.error}); next try at ${next.toISOString()}`,
        );
        return "failed" as const;
      } catch (error) {
        // The database itself failed: the claim's lease expires and a later pass retries.
        console.error(`Contact message ${id}: notification error`, error);
        return "failed" as const;
      }
    })(),
  );
}

/** Sends every due notification (retries whose backoff passed, expired claims). */
export async function processDueNotifications({
  now = new Date(),
  timeoutMs,
}: { now?: Date; timeoutMs?: number } = {}) {
  const results = { sent: 0, failed: 0, skipped: 0 };
  if (!emailEnabled()) return results;
  const seen = new Set<number>();
  for (;;) {
    const ids = (await dueMessageIds(now)).filter((id) => !seen.has(id));
    if (ids.length === 0 || shutdownController.signal.aborted) return results;
    for (const id of ids) {
      seen.add(id);
      results[await notifyMessage(id, { now, timeoutMs })]++;
    }
  }
}

/** Starts the notification of a freshly stored message without waiting for it. */
export function kickNotification(id: number) {
  if (!emailEnabled()) return;
  void notifyMessage(id);
}

/** Resolves when no notification is in flight (tests and shutdown). */
export async function notificationsIdle() {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

let timer: NodeJS.Timeout | undefined;
let passRunning = false;

async function pass() {
  if (passRunning) return;
  passRunning = true;
  try {
    await processDueNotifications();
  } catch (error) {
    console.error("Contact notifications: retry pass failed", error);
  } finally {
    passRunning = false;
  }
}

/** Server start: says once whether email is on, retries what is unsent, then polls. */
export async function startNotifier() {
  shutdownController = new AbortController();
  if (!emailEnabled()) {
    console.log(
      "Email notification is off (no RESEND_API_KEY): contact messages are stored and shown in the dashboard inbox only.",
    );
    return;
  }
  const waiting = await releaseNotifyClaims();
  if (waiting > 0) console.log(`Contact notifications: retrying ${waiting} unsent message(s)`);
  void track(pass());
  timer = setInterval(() => void track(pass()), RETRY_POLL_MS);
  timer.unref();
}

/** Server stop: no new attempts; sends in flight are interrupted (they are retried at next start). */
export async function stopNotifier() {
  if (timer) clearInterval(timer);
  timer = undefined;
  shutdownController.abort();
  await notificationsIdle();
}
