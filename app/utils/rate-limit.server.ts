import { prisma } from "./db.server";
import { env } from "./env.server";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * A fixed-window counter kept in SQLite (so it survives restarts and is shared by every request).
 * `consume` counts one hit and says whether it is still within `limit` for the window.
 */
export async function consumeRateLimit(
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  if (env().RATE_LIMIT_DISABLED) return { allowed: true, remaining: limit, retryAfterSeconds: 0 };
  const now = new Date();
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  const row = await prisma.$transaction(async (tx) => {
    const existing = await tx.rateLimit.findUnique({ where: { key } });
    if (!existing || existing.resetAt <= now) {
      return tx.rateLimit.upsert({
        where: { key },
        create: { key, count: 1, resetAt },
        update: { count: 1, resetAt },
      });
    }
    return tx.rateLimit.update({ where: { key }, data: { count: { increment: 1 } } });
  });
  const retryAfterSeconds = Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
  return {
    allowed: row.count <= limit,
    remaining: Math.max(0, limit - row.count),
    retryAfterSeconds,
  };
}

/** Whether `key` has already used up `limit` in its current window (does not count a hit). */
export async function isRateLimited(key: string, limit: number): Promise<RateLimitResult> {
  if (env().RATE_LIMIT_DISABLED) return { allowed: true, remaining: limit, retryAfterSeconds: 0 };
  const now = new Date();
  const row = await prisma.rateLimit.findUnique({ where: { key } });
  if (!row || row.resetAt <= now) return { allowed: true, remaining: limit, retryAfterSeconds: 0 };
  const retryAfterSeconds = Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
  return {
    allowed: row.count < limit,
    remaining: Math.max(0, limit - row.count),
    retryAfterSeconds,
  };
}

export async function resetRateLimit(key: string) {
  await prisma.rateLimit.deleteMany({ where: { key } });
}

export function formatRetryAfter(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}
