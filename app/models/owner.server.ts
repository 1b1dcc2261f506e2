import bcrypt from "bcryptjs";
import { env } from "~/utils/env.server";
import { prisma } from "./db.server";

/** bcrypt's cost for new hashes: PASSWORD_HASH_COST (12 unless lowered for tests). */
const hashCost = () => env().PASSWORD_HASH_COST;

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= bcrypt.hash("folio-no-such-owner", hashCost()));

export type OwnerIdentity = { id: number; email: string };

export async function ownerExists(): Promise<boolean> {
  return (await prisma.owner.count()) > 0;
}

export async function getOwnerById(id: number): Promise<OwnerIdentity | null> {
  return prisma.owner.findUnique({ where: { id }, select: { id: true, email: true } });
}

export async function hashPassword(password: string) {
  return bcrypt.hash(password, hashCost());
}

/** Checks an email and password; the same work is done whether or not the email exists. */
export async function verifyOwnerLogin(
  email: string,
  password: string,
): Promise<OwnerIdentity | null> {
  const owner = await prisma.owner.findUnique({
    where: { email: email.toLowerCase() },
    select: { id: true, email: true, passwordHash: true },
  });
  // Compare against a throwaway hash when the email is unknown, so timing reveals nothing.
  const hash = owner?.passwordHash ?? (await dummyHash());
  const ok = await bcrypt.compare(password, hash);
  return owner && ok ? { id: owner.id, email: owner.email } : null;
}

/** Creates the owner while none exists; returns null if one already does (one owner only). */
export async function createFirstOwner(
  email: string,
  password: string,
): Promise<OwnerIdentity | null> {
  const passwordHash = await hashPassword(password);
  return prisma.$transaction(async (tx) => {
    if ((await tx.owner.count()) > 0) return null;
    return tx.owner.create({
      data: { email: email.toLowerCase(), passwordHash },
      select: { id: true, email: true },
    });
  });
}

/** Sets a new password for the owner with `email`, ending every session they had. */
export async function setOwnerPassword(email: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const owner = await prisma.owner.findUnique({ where: { email: email.toLowerCase() } });
  if (!owner) return false;
  await prisma.$transaction([
    prisma.owner.update({ where: { id: owner.id }, data: { passwordHash } }),
    prisma.session.deleteMany({ where: { ownerId: owner.id } }),
  ]);
  return true;
}

/** Creates the owner from OWNER_EMAIL/OWNER_PASSWORD when none exists (seed and container start). */
export async function ensureOwnerFromEnv(email: string | undefined, password: string | undefined) {
  if (!email || !password) return { created: false as const };
  const created = await createFirstOwner(email, password);
  return { created: created !== null };
}

/** Whether `password` is the owner's current password. */
export async function ownerPasswordMatches(ownerId: number, password: string): Promise<boolean> {
  const owner = await prisma.owner.findUnique({
    where: { id: ownerId },
    select: { passwordHash: true },
  });
  return owner ? bcrypt.compare(password, owner.passwordHash) : false;
}

/**
 * The security page's password change: the new hash, and every session of the owner ended except
 * `keepSessionId` (the browser that changed it stays signed in). Returns how many were ended.
 */
export async function changeOwnerPassword(
  ownerId: number,
  password: string,
  keepSessionId: string,
): Promise<number> {
  const passwordHash = await hashPassword(password);
  const [, ended] = await prisma.$transaction([
    prisma.owner.update({ where: { id: ownerId }, data: { passwordHash } }),
    prisma.session.deleteMany({ where: { ownerId, id: { not: keepSessionId } } }),
  ]);
  return ended.count;
}
