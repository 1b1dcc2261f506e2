// The owner's sessions in SQLite: one row per signed-in browser, keyed by the random id its
// cookie holds (utils/session.server.ts reads and writes the cookie).
import { prisma } from "./db.server";

export type SessionRow = { ownerId: number; expiresAt: Date; lastSeenAt: Date };

export function findSession(id: string): Promise<SessionRow | null> {
  return prisma.session.findUnique({
    where: { id },
    select: { ownerId: true, expiresAt: true, lastSeenAt: true },
  });
}

/** Moves `lastSeenAt` to `now`, only if nobody did since `seen` (parallel requests write once). */
export async function touchSession(id: string, seen: Date, now: Date) {
  await prisma.session.updateMany({ where: { id, lastSeenAt: seen }, data: { lastSeenAt: now } });
}

export async function deleteSession(id: string) {
  await prisma.session.deleteMany({ where: { id } });
}

export async function insertSession(data: {
  id: string;
  ownerId: number;
  expiresAt: Date;
  userAgent: string;
  ipAddress: string;
}) {
  await prisma.session.create({ data });
}

export async function deleteExpiredSessions(now = new Date()) {
  await prisma.session.deleteMany({ where: { expiresAt: { lte: now } } });
}

/** The owner's live sessions, the most recently used first. */
export function listLiveSessions(ownerId: number, now = new Date()) {
  return prisma.session.findMany({
    where: { ownerId, expiresAt: { gt: now } },
    select: { id: true, userAgent: true, ipAddress: true, createdAt: true, lastSeenAt: true },
    orderBy: [{ lastSeenAt: "desc" }, { createdAt: "desc" }],
  });
}

/** Every session id of the owner (live or not). */
export async function sessionIdsOf(ownerId: number): Promise<string[]> {
  const rows = await prisma.session.findMany({ where: { ownerId }, select: { id: true } });
  return rows.map((r) => r.id);
}

/** Deletes one session of this owner; the count deleted (0 when it is another owner's). */
export async function deleteOwnerSession(ownerId: number, id: string): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { id, ownerId } });
  return count;
}

/** Deletes every session of this owner except `keepId`; the count deleted. */
export async function deleteOtherOwnerSessions(ownerId: number, keepId: string): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { ownerId, id: { not: keepId } } });
  return count;
}
