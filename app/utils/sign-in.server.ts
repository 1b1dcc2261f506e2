import { redirect } from "@remix-run/node";
import type { OwnerIdentity } from "~/models/owner.server";
import { TOAST_MS } from "./copy";
import { startSession } from "./auth.server";
import { combineHeaders, toastCookie } from "./toast.server";

/**
 * The last step of every sign-in (password, first-run setup, two-factor code): a new session
 * cookie, the spec's toast, and the redirect. Whatever a completed sign-in gives a browser is
 * added here, once.
 */
export async function completeSignIn(
  request: Request,
  owner: OwnerIdentity,
  redirectTo: string,
  title: string,
) {
  void request;
  const headers = combineHeaders(
    { "Set-Cookie": await startSession(owner) },
    { "Set-Cookie": await toastCookie({ type: "success", title, timeoutMs: TOAST_MS }) },
  );
  return redirect(redirectTo, { headers });
}
