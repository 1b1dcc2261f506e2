import { generate } from "otplib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  qrCodeSvg,
  sameHash,
  totpUri,
  verifyTotp,
} from "./totp.server";

const T = 1_800_000_015_000; // the middle of a 30-second step
const step = Math.floor(T / 1000 / 30);
const codeAt = (secret: string, offsetSteps: number) =>
  generate({ secret, epoch: Math.floor(T / 1000) + offsetSteps * 30 });

describe("TOTP codes", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: T }));
  afterEach(() => vi.useRealTimers());

  it("makes 160-bit base32 secrets and an otpauth URI for the QR code", async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = totpUri(secret, "owner@example.com");
    expect(uri).toBe(`otpauth://totp/Folio:owner%40example.com?secret=${secret}&issuer=Folio`);
    expect(await qrCodeSvg(uri)).toMatch(/^<svg[^>]*viewBox/);
  });

  it("accepts the current code and one step of drift either way, nothing further", async () => {
    const secret = newTotpSecret();
    expect(await verifyTotp(secret, await codeAt(secret, 0))).toBe(step);
    expect(await verifyTotp(secret, await codeAt(secret, -1))).toBe(step - 1);
    expect(await verifyTotp(secret, await codeAt(secret, 1))).toBe(step + 1);
    expect(await verifyTotp(secret, await codeAt(secret, -2))).toBeNull();
    expect(await verifyTotp(secret, await codeAt(secret, 2))).toBeNull();
  });

  it("refuses the remembered step and earlier ones (a code works once)", async () => {
    const secret = newTotpSecret();
    expect(await verifyTotp(secret, await codeAt(secret, 0), { afterStep: step })).toBeNull();
    expect(await verifyTotp(secret, await codeAt(secret, -1), { afterStep: step })).toBeNull();
    expect(await verifyTotp(secret, await codeAt(secret, 1), { afterStep: step })).toBe(step + 1);
  });

  it("refuses anything that is not six digits, and a code of another secret", async () => {
    const secret = newTotpSecret();
    const code = await codeAt(secret, 0);
    for (const bad of ["", "12345", "1234567", `${code} `, "abcdef"]) {
      expect(await verifyTotp(secret, bad)).toBeNull();
    }
    expect(await verifyTotp(newTotpSecret(), code)).toBeNull();
  });
});

describe("recovery codes", () => {
  it("makes ten distinct codes of ten unambiguous random characters", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
  });

  it("hashes what was meant, whatever the case, spaces or dashes typed", () => {
    const [code] = newRecoveryCodes(1);
    const hash = hashRecoveryCode(code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(normalizeRecoveryCode(code).toLowerCase());
    expect(hashRecoveryCode(` ${code.toLowerCase().replace("-", " ")} `)).toBe(hash);
    expect(sameHash(hash, hashRecoveryCode(code))).toBe(true);
    expect(sameHash(hash, hashRecoveryCode("ABCDE-FGHJK"))).toBe(false);
    expect(sameHash(hash, "abcd")).toBe(false);
  });
});
