import { redirect } from "@remix-run/node";
import crypto from "node:crypto";
import { z } from "zod";
import { isTwoFactorEnabled } from "~/models/two-factor.server";
import type { OwnerIdentity } from "~/models/owner.server";
import { safeRedirect } from "./request.server";
import { lazySignedCookie, readSignedCookie } from "./signed-cookie.server";
import { redirectWithToast } from "./toast.server";

export const TWO_FACTOR_PATH = "/login/two-factor";
/** How long the password step stays valid while the code is asked for. */
export const PENDING_SIGN_IN_SECONDS = 5 * 60;
/** Code attempts allowed per pending sign-in (the per-address limit is the login's). */
export const CODE_ATTEMPTS_PER_SIGN_IN = 5;

const pendingSchema = z.object({
  /** A random id per password sign-in: the key of its attempt counter. */
  id: z.string().min(16).max(64),
  ownerId: z.number().int().positive(),
  issuedAt: z.number().int(),
  redirectTo: z.string(),
});
export type PendingSignIn = z.infer<typeof pendingSchema>;

/**
 * The pending-sign-in cookie: the password was right, the code is still to come. Signed with the
 * session secrets, HttpOnly, only sent to /login paths, and never a session by itself.
 */
const pendingCookie = lazySignedCookie("folio_2fa", {
  maxAge: PENDING_SIGN_IN_SECONDS,
  path: "/login",
});

/**
 * The seam in the login action: when the owner has two-factor sign-in on, the password step ends
 * here with a pending cookie and a redirect to the code page (no session yet). Null otherwise,
 * and the caller completes the sign-in as before.
 */
export async function startTwoFactorSignIn(
  owner: OwnerIdentity,
  redirectTo: string,
): Promise<Response | null> {
  if (!(await isTwoFactorEnabled(owner.id))) return null;
  const pending: PendingSignIn = {
    id: crypto.randomBytes(18).toString("base64url"),
    ownerId: owner.id,
    issuedAt: Date.now(),
    redirectTo: safeRedirect(redirectTo),
  };
  return redirect(TWO_FACTOR_PATH, {
    headers: { "Set-Cookie": await pendingCookie().serialize(pending) },
  });
}

/** The request's pending sign-in, or null when it is missing, forged (bad signature) or expired. */
export async function readPendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const pending = await readSignedCookie(pendingCookie(), request, pendingSchema);
  if (!pending) return null;
  const age = Date.now() - pending.issuedAt;
  if (age < 0 || age > PENDING_SIGN_IN_SECONDS * 1000) return null;
  return { ...pending, redirectTo: safeRedirect(pending.redirectTo) };
}

export async function clearPendingSignIn(): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Back to the password step with a message, the stale pending cookie removed. */
export async function restartSignIn(text: string) {
  return redirectWithToast(
    "/login",
    { type: "error", title: "Please log in again", text },
    { headers: { "Set-Cookie": await clearPendingSignIn() } },
  );
}
