import { countHit, deleteRateLimits } from "~/models/rate-limit.server";
import { env } from "./env.server";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

const UNLIMITED = (limit: number): RateLimitResult => ({
  allowed: true,
  remaining: limit,
  retryAfterSeconds: 0,
});

/**
 * A fixed-window counter kept in SQLite (so it survives restarts and is shared by every request).
 * `consume` counts one hit and says whether it is still within `limit` for the window. The count
 * is one SQL statement (insert, or add one / start a new window, and read back), so parallel
 * requests can never all see the same old count: at most `limit` of them are allowed.
 */
export async function consumeRateLimit(
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  if (env().RATE_LIMIT_DISABLED) return UNLIMITED(limit);
  const now = new Date();
  const { count, windowEnd } = await countHit(key, now, windowSeconds);
  const left = Number.isNaN(windowEnd.getTime())
    ? windowSeconds * 1000
    : windowEnd.getTime() - now.getTime();
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)),
  };
}

export async function resetRateLimit(...keys: string[]) {
  if (keys.length) await deleteRateLimits(keys);
}

export function formatRetryAfter(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}
