import { createCookieSessionStorage, redirect } from "@remix-run/node";
import crypto from "node:crypto";
import { z } from "zod";
import { cookiesSecure, env } from "./env.server";

/** A flash message shown once after a redirect (the spec's dialogs and toasts, without JS too). */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "info", "warning"]).default("success"),
  title: z.string(),
  text: z.string().optional(),
  /** Auto-dismiss after this many milliseconds (the spec's 1.5 s login/logout toasts). */
  timeoutMs: z.number().optional(),
  /** Show as the spec's modal dialog (title, text, OK) instead of a toast. */
  dialog: z.boolean().optional(),
  /**
   * The page the redirect leads to shows it itself, in place (the contact form's "Thank you!"
   * above the emptied form): the layout's toast leaves it out.
   */
  inline: z.boolean().optional(),
  /** Unique per flash, so two identical messages in a row still show twice. */
  id: z.string().optional(),
});
export type Toast = z.infer<typeof toastSchema>;

const TOAST_KEY = "toast";

let storage:
  ReturnType<typeof createCookieSessionStorage<{ toast: Toast }, { toast: Toast }>> | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<{ toast: Toast }, { toast: Toast }>({
    cookie: {
      name: "folio_toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: cookiesSecure(),
      secrets: env().sessionSecrets,
    },
  });
  return storage;
}

export async function getToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  if (!session.has(TOAST_KEY)) return { toast: null, headers: null };
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  const headers = new Headers({ "Set-Cookie": await toastStorage().destroySession(session) });
  return { toast: parsed.success ? parsed.data : null, headers };
}

export async function toastCookie(toast: Toast): Promise<string> {
  const session = await toastStorage().getSession();
  session.flash(TOAST_KEY, toastSchema.parse({ id: crypto.randomUUID(), ...toast }));
  return toastStorage().commitSession(session);
}

/** Redirects to `url` and shows `toast` on the next page. */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

export function combineHeaders(...all: Array<HeadersInit | null | undefined>) {
  const combined = new Headers();
  for (const h of all) {
    if (!h) continue;
    new Headers(h).forEach((value, key) => combined.append(key, value));
  }
  return combined;
}
