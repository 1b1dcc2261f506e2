import crypto from "node:crypto";
import { z } from "zod";
import type { OwnerIdentity } from "~/models/owner.server";
import { lazySignedCookie, readSignedCookie } from "./signed-cookie.server";

/**
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in successfully gets a long-lived cookie naming the account and a random nonce, signed
 * (HMAC-SHA256) with the session secrets. Sign-in attempts from such a known device are limited
 * per device, not by the account-wide lock strangers can trigger. A new one is issued at every
 * sign-in.
 */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

const deviceCookie = lazySignedCookie("folio_device", {
  maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  hostPrefix: true,
});

const deviceSchema = z.object({
  /** The account (login email, lower case) this browser signed in to. */
  login: z.string().min(1),
  nonce: z.string().min(16).max(64),
});

/** The Set-Cookie header of a fresh device cookie for `owner`. */
export async function issueDeviceCookie(owner: OwnerIdentity): Promise<string> {
  return deviceCookie().serialize({
    login: owner.email.toLowerCase(),
    nonce: crypto.randomBytes(18).toString("base64url"),
  });
}

/**
 * The nonce of the request's device cookie when it is genuine (its signature checks out with a
 * current secret) and was issued for `email`; otherwise null (no cookie, forged, another account).
 */
export async function knownDeviceNonce(request: Request, email: string): Promise<string | null> {
  const device = await readSignedCookie(deviceCookie(), request, deviceSchema);
  if (!device || device.login !== email.trim().toLowerCase()) return null;
  return device.nonce;
}
