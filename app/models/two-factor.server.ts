import { prisma } from "./db.server";
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  sameHash,
  verifyTotp,
} from "~/utils/totp.server";

export type TwoFactorStatus = {
  enabled: boolean;
  enabledAt: Date | null;
  /** The secret being set up (shown as a QR code) until a code confirms it. */
  pendingSecret: string | null;
  recoveryCodesLeft: number;
};

export async function getTwoFactorStatus(ownerId: number): Promise<TwoFactorStatus> {
  const owner = await prisma.owner.findUnique({
    where: { id: ownerId },
    select: { totpSecret: true, totpPendingSecret: true, totpEnabledAt: true },
  });
  const recoveryCodesLeft = await prisma.recoveryCode.count({
    where: { ownerId, usedAt: null },
  });
  return {
    enabled: Boolean(owner?.totpSecret),
    enabledAt: owner?.totpEnabledAt ?? null,
    pendingSecret: owner?.totpSecret ? null : (owner?.totpPendingSecret ?? null),
    recoveryCodesLeft,
  };
}

export async function isTwoFactorEnabled(ownerId: number): Promise<boolean> {
  const owner = await prisma.owner.findUnique({
    where: { id: ownerId },
    select: { totpSecret: true },
  });
  return Boolean(owner?.totpSecret);
}

/** Makes a new pending secret (replacing an earlier unconfirmed one); null when 2FA is already on. */
export async function startTwoFactorSetup(ownerId: number): Promise<string | null> {
  const secret = newTotpSecret();
  const { count } = await prisma.owner.updateMany({
    where: { id: ownerId, totpSecret: null },
    data: { totpPendingSecret: secret },
  });
  return count === 1 ? secret : null;
}

export async function cancelTwoFactorSetup(ownerId: number) {
  await prisma.owner.updateMany({
    where: { id: ownerId },
    data: { totpPendingSecret: null },
  });
}

/** Replaces the owner's recovery codes inside `tx`; returns the new codes in plain text (shown once). */
async function replaceRecoveryCodes(
  tx: Pick<typeof prisma, "recoveryCode">,
  ownerId: number,
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.recoveryCode.deleteMany({ where: { ownerId } });
  await tx.recoveryCode.createMany({
    data: codes.map((code) => ({ ownerId, codeHash: hashRecoveryCode(code) })),
  });
  return codes;
}

/**
 * Turns two-factor sign-in on when `code` matches the pending secret: the secret becomes the
 * owner's, the code's time step counts as used, and fresh recovery codes are returned (plain text,
 * shown once; only their hashes are kept). Null when the code is wrong or nothing is pending.
 */
export async function confirmTwoFactorSetup(
  ownerId: number,
  code: string,
): Promise<string[] | null> {
  const owner = await prisma.owner.findUnique({
    where: { id: ownerId },
    select: { totpSecret: true, totpPendingSecret: true },
  });
  const secret = owner?.totpPendingSecret;
  if (!secret || owner.totpSecret) return null;
  const step = await verifyTotp(secret, code);
  if (step === null) return null;
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.owner.updateMany({
      where: { id: ownerId, totpSecret: null, totpPendingSecret: secret },
      data: {
        totpSecret: secret,
        totpPendingSecret: null,
        totpEnabledAt: new Date(),
        totpLastStep: step,
      },
    });
    if (count !== 1) return null;
    return replaceRecoveryCodes(tx, ownerId);
  });
}

/**
 * Checks a code from the owner's app. A code is accepted once: its time step is remembered and
 * that step and every earlier one are refused afterwards (also when two requests race).
 */
export async function verifyTwoFactorCode(ownerId: number, code: string): Promise<boolean> {
  const owner = await prisma.owner.findUnique({
    where: { id: ownerId },
    select: { totpSecret: true, totpLastStep: true },
  });
  if (!owner?.totpSecret) return false;
  const step = await verifyTotp(owner.totpSecret, code, { afterStep: owner.totpLastStep });
  if (step === null) return false;
  const { count } = await prisma.owner.updateMany({
    where: {
      id: ownerId,
      totpSecret: owner.totpSecret,
      OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }],
    },
    data: { totpLastStep: step },
  });
  return count === 1;
}

/** Uses one recovery code (each works once); false when it is unknown or already used. */
export async function redeemRecoveryCode(ownerId: number, code: string): Promise<boolean> {
  if (!(await isTwoFactorEnabled(ownerId))) return false;
  const hash = hashRecoveryCode(code);
  const unused = await prisma.recoveryCode.findMany({
    where: { ownerId, usedAt: null },
    select: { id: true, codeHash: true },
  });
  // Compare with every unused code in constant time rather than looking the hash up.
  let match: number | null = null;
  for (const row of unused) if (sameHash(row.codeHash, hash)) match = row.id;
  if (match === null) return false;
  const { count } = await prisma.recoveryCode.updateMany({
    where: { id: match, usedAt: null },
    data: { usedAt: new Date() },
  });
  return count === 1;
}

/** New recovery codes (the old ones stop working); null when two-factor sign-in is off. */
export async function regenerateRecoveryCodes(ownerId: number): Promise<string[] | null> {
  if (!(await isTwoFactorEnabled(ownerId))) return null;
  return prisma.$transaction((tx) => replaceRecoveryCodes(tx, ownerId));
}

/** Turns two-factor sign-in off: the secret and every recovery code are removed. */
export async function disableTwoFactor(ownerId: number) {
  await prisma.$transaction([
    prisma.owner.update({
      where: { id: ownerId },
      data: {
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
      },
    }),
    prisma.recoveryCode.deleteMany({ where: { ownerId } }),
  ]);
}

/** For the reset-password command: turns two-factor off for the owner with `email`, if any. */
export async function disableTwoFactorByEmail(email: string) {
  const owner = await prisma.owner.findUnique({
    where: { email: email.toLowerCase() },
    select: { id: true },
  });
  if (owner) await disableTwoFactor(owner.id);
}
