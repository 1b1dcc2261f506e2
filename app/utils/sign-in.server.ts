import { redirect } from "@remix-run/node";
import type { OwnerIdentity } from "~/models/owner.server";
import { TOAST_MS } from "./copy";
import { startSession } from "./auth.server";
import { issueDeviceCookie } from "./device-cookie.server";
import { combineHeaders, toastCookie } from "./toast.server";

/**
 * The last step of every sign-in (password, first-run setup, two-factor code): a new session
 * (with the browser and address it came from), a fresh device cookie (so this browser's later
 * sign-ins are not blocked by the lock strangers trigger), the spec's toast, and the redirect. Whatever a completed sign-in gives a browser is
 * added here, once.
 */
export async function completeSignIn(
  request: Request,
  owner: OwnerIdentity,
  redirectTo: string,
  title: string,
) {
  const headers = combineHeaders(
    { "Set-Cookie": await startSession(owner, request) },
    { "Set-Cookie": await issueDeviceCookie(owner) },
    { "Set-Cookie": await toastCookie({ type: "success", title, timeoutMs: TOAST_MS }) },
  );
  return redirect(redirectTo, { headers });
}
