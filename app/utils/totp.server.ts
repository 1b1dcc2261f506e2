import crypto from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { normalizeRecoveryCode } from "./two-factor-rules";

export { normalizeRecoveryCode };

/** Standard authenticator-app settings: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** How far a phone's clock may be off: one step before or after the server's. */
const DRIFT_SECONDS = TOTP_PERIOD_SECONDS;
export const TOTP_ISSUER = "Folio";

export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I
const RECOVERY_CODE_LENGTH = 10;

/** A new base32 secret of 160 bits (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, accountName: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: accountName, secret });
}

/** The QR code of `uri` as inline SVG markup (made on the server, so it shows without JS). */
export async function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}

/**
 * Checks a 6-digit code against `secret` at the current time, allowing ±1 step of drift.
 * Returns the time step the code belongs to, or null. `afterStep` refuses that step and
 * every earlier one (a code is accepted only once).
 */
export async function verifyTotp(
  secret: string,
  code: string,
  { afterStep }: { afterStep?: number | null } = {},
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      period: TOTP_PERIOD_SECONDS,
      epoch: Math.floor(Date.now() / 1000),
      epochTolerance: DRIFT_SECONDS,
      afterTimeStep: afterStep ?? undefined,
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** One recovery code: 10 characters from a 32-letter alphabet (50 bits), shown as XXXXX-XXXXX. */
function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) {
    code += RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)];
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, newRecoveryCode);
}

/** Recovery codes are random and long, so a plain SHA-256 is enough (no slow hash needed). */
export function hashRecoveryCode(code: string): string {
  return crypto.createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
}

/** Constant-time comparison of two hex digests of the same length. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
