import { z } from "zod";

/** A recovery code as stored: upper case, without the spaces and dashes people type. */
export function normalizeRecoveryCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, "");
}

export const TOTP_CODE_FORMAT = "Enter the 6-digit code shown in your authenticator app.";
export const RECOVERY_CODE_FORMAT = "A recovery code has 10 letters and digits, like ABCDE-23456.";

export type TwoFactorMethod = "totp" | "recovery";

/**
 * The two-factor sign-in form (checked in the browser and on the server): the method, and a
 * code that looks like one of it (6 digits, or a 10-character recovery code). Gives the code to
 * check: the digits without spaces, or the recovery code as typed.
 */
export const twoFactorCodeSchema = z
  .object({ method: z.unknown(), code: z.unknown() })
  .transform((input, ctx) => {
    const method: TwoFactorMethod = input.method === "recovery" ? "recovery" : "totp";
    const raw = typeof input.code === "string" ? input.code.slice(0, 100) : "";
    if (method === "totp") {
      const code = raw.replace(/\s/g, "");
      if (/^\d{6}$/.test(code)) return { method, code };
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["code"], message: TOTP_CODE_FORMAT });
      return z.NEVER;
    }
    if (/^[A-Z0-9]{10}$/.test(normalizeRecoveryCode(raw))) return { method, code: raw };
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["code"], message: RECOVERY_CODE_FORMAT });
    return z.NEVER;
  });

/** The 6-digit code typed (spaces allowed), or null. */
export function sixDigits(value: unknown): string | null {
  const code = (typeof value === "string" ? value : "").slice(0, 100).replace(/\s/g, "");
  return /^\d{6}$/.test(code) ? code : null;
}

/** Turning two-factor sign-in on: the first code from the app. */
export const setupCodeSchema = z.object({ code: z.unknown() }).transform((input, ctx) => {
  const code = sixDigits(input.code);
  if (code) return { code };
  ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["code"], message: TOTP_CODE_FORMAT });
  return z.NEVER;
});

export const NO_CODE_OR_PASSWORD = "Enter a code or your password";
export const WRONG_PASSWORD = "Wrong password";

/**
 * Proof it is the owner before a change to two-factor sign-in: a current code from the app, or
 * else the password (one bcrypt can check whole). Gives which one to check.
 */
export const identitySchema = z
  .object({ code: z.unknown(), password: z.unknown() })
  .transform((input, ctx) => {
    const rawCode = typeof input.code === "string" ? input.code.trim() : "";
    const password = typeof input.password === "string" ? input.password : "";
    const refuse = (path: "code" | "password", message: string) => {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      return z.NEVER;
    };
    if (!rawCode && !password) return refuse("code", NO_CODE_OR_PASSWORD);
    if (rawCode) {
      const code = sixDigits(rawCode);
      return code ? { code, password: null } : refuse("code", TOTP_CODE_FORMAT);
    }
    if (new TextEncoder().encode(password).length > 72) return refuse("password", WRONG_PASSWORD);
    return { code: null, password };
  });
