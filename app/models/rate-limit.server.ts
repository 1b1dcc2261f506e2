// Fixed-window hit counters in SQLite (utils/rate-limit.server.ts decides what is allowed).
import { prisma } from "./db.server";

function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === "bigint") return new Date(Number(value));
  if (typeof value === "number" || typeof value === "string") return new Date(value);
  return new Date(NaN);
}

/**
 * Counts one hit on `key` and reads the count back, in one SQL statement (insert, or add one /
 * start a new window), so parallel requests can never all see the same old count.
 */
export async function countHit(
  key: string,
  now: Date,
  windowSeconds: number,
): Promise<{ count: number; windowEnd: Date }> {
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  const rows = await prisma.$queryRaw<Array<{ count: number | bigint; resetAt: unknown }>>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${key}, 1, ${resetAt})
    ON CONFLICT("key") DO UPDATE SET
      "count" = CASE WHEN "resetAt" <= ${now} THEN 1 ELSE "count" + 1 END,
      "resetAt" = CASE WHEN "resetAt" <= ${now} THEN ${resetAt} ELSE "resetAt" END
    RETURNING "count", "resetAt"`;
  return { count: Number(rows[0]?.count ?? 1), windowEnd: toDate(rows[0]?.resetAt) };
}

export async function deleteRateLimits(keys: string[]) {
  await prisma.rateLimit.deleteMany({ where: { key: { in: keys } } });
}
