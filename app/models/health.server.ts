import { prisma } from "./db.server";

export async function checkDatabaseHealth() {
  const started = Date.now();
  try {
    await prisma.$queryRawUnsafe("SELECT 1");
    // A real write inside a transaction that is rolled back: proves the file is writable.
    await prisma.$transaction(async (tx) => {
      await tx.rateLimit.upsert({
        where: { key: "healthz" },
        create: { key: "healthz", count: 0, resetAt: new Date(0) },
        update: { count: 0 },
      });
    });
    return { ok: true, database: "ok", latencyMs: Date.now() - started };
  } catch (error) {
    console.error("Health check failed", error);
    return { ok: false, database: "unavailable", latencyMs: Date.now() - started };
  }
}
