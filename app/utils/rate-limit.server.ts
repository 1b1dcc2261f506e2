import { prisma } from "./db.server";
import { env } from "./env.server";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

const UNLIMITED = (limit: number): RateLimitResult => ({
  allowed: true,
  remaining: limit,
  retryAfterSeconds: 0,
});

function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === "bigint") return new Date(Number(value));
  if (typeof value === "number" || typeof value === "string") return new Date(value);
  return new Date(NaN);
}

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
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  const rows = await prisma.$queryRaw<Array<{ count: number | bigint; resetAt: unknown }>>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${key}, 1, ${resetAt})
    ON CONFLICT("key") DO UPDATE SET
      "count" = CASE WHEN "resetAt" <= ${now} THEN 1 ELSE "count" + 1 END,
      "resetAt" = CASE WHEN "resetAt" <= ${now} THEN ${resetAt} ELSE "resetAt" END
    RETURNING "count", "resetAt"`;
  const count = Number(rows[0]?.count ?? 1);
  const windowEnd = toDate(rows[0]?.resetAt);
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
  if (keys.length) await prisma.rateLimit.deleteMany({ where: { key: { in: keys } } });
}

export function formatRetryAfter(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}
