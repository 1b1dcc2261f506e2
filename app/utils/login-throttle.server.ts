import { knownDeviceNonce } from "./device-cookie.server";
import { env } from "./env.server";
import { consumeRateLimit, formatRetryAfter, resetRateLimit } from "./rate-limit.server";
import { clientIp } from "./request.server";

export type LoginAttempt =
  | { allowed: true; keys: string[] }
  | { allowed: false; retryAfterSeconds: number; message: string };

/**
 * Counts a sign-in attempt BEFORE its password is checked, atomically, so parallel guesses can
 * never get past the limit. A known device (a genuine device cookie for this email) is counted on
 * its own counter only, so the account-wide lock that strangers trigger does not stop it; any
 * other browser is counted per address and per account (email). Clear the keys on success.
 */
export async function countLoginAttempt(request: Request, email: string): Promise<LoginAttempt> {
  const { LOGIN_MAX_FAILURES, LOGIN_DEVICE_MAX_FAILURES, LOGIN_WINDOW_SECONDS } = env();
  const nonce = await knownDeviceNonce(request, email);
  const limits: Array<[string, number]> = nonce
    ? [[`login:device:${nonce}`, LOGIN_DEVICE_MAX_FAILURES]]
    : [
        [`login:ip:${clientIp(request)}`, LOGIN_MAX_FAILURES],
        [`login:email:${email.trim().toLowerCase()}`, LOGIN_MAX_FAILURES],
      ];
  const results = await Promise.all(
    limits.map(([key, max]) => consumeRateLimit(key, max, LOGIN_WINDOW_SECONDS)),
  );
  const refused = results.filter((r) => !r.allowed);
  if (refused.length > 0) {
    const retryAfterSeconds = Math.max(...refused.map((r) => r.retryAfterSeconds));
    return {
      allowed: false,
      retryAfterSeconds,
      message: `Too many failed login attempts. Please try again in ${formatRetryAfter(retryAfterSeconds)}.`,
    };
  }
  return { allowed: true, keys: limits.map(([key]) => key) };
}

/** After a correct password: the counters this attempt was counted on start again. */
export async function clearLoginAttempts(attempt: { keys: string[] }) {
  await resetRateLimit(...attempt.keys);
}
