import { json } from "@remix-run/node";
import { z } from "zod";
import { ERROR_TITLE } from "~/entities/entity";
import { SECURITY_URL, type SecurityActionData } from "~/utils/security";
import { changeOwnerPassword, ownerPasswordMatches } from "~/models/owner.server";
import { parseForm } from "./admin.server";
import { requireOwnerSession } from "./auth.server";
import { env } from "./env.server";
import { newPasswordSchema } from "./password.server";
import { consumeRateLimit, formatRetryAfter, resetRateLimit } from "./rate-limit.server";
import { endOtherOwnerSessions, endOwnerSession } from "./session.server";
import { redirectWithToast } from "./toast.server";

export const CHANGE_PASSWORD_FAILED = "Failed to change the password.";
export const WRONG_CURRENT_PASSWORD = "The current password is not correct.";

const intentSchema = z.object({
  intent: z.enum(["change-password", "end-session", "end-other-sessions"], {
    errorMap: () => ({ message: "Unknown action." }),
  }),
});

const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ required_error: "Current password is required" })
      .min(1, "Current password is required"),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ required_error: "Confirm the new password" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ["newPassword"],
    message: "The new password must differ from the current one",
  });

const endSessionSchema = z.object({
  session: z.string({ required_error: "Choose a session" }).min(1).max(100),
});

function refuse(
  intent: string,
  text: string,
  fieldErrors: Record<string, string> = {},
  httpStatus = 400,
) {
  // Passwords are never sent back: `values` stays empty.
  const body: SecurityActionData = {
    status: "error",
    title: ERROR_TITLE,
    text,
    fieldErrors,
    values: {},
    intent,
  };
  return json(body, { status: httpStatus });
}

async function changePassword(ownerId: number, sessionId: string, fields: Record<string, unknown>) {
  const parsed = changePasswordSchema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return refuse("change-password", CHANGE_PASSWORD_FAILED, fieldErrors);
  }
  // Counted before the current password is checked, per session: a stolen session cannot be
  // used to guess the password, and cannot lock the owner's own browser out of this form.
  const { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } = env();
  const key = `password:session:${sessionId}`;
  const limit = await consumeRateLimit(key, LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS);
  if (!limit.allowed) {
    const res = refuse(
      "change-password",
      `Too many wrong current passwords. Please try again in ${formatRetryAfter(limit.retryAfterSeconds)}.`,
      {},
      429,
    );
    res.headers.set("Retry-After", String(limit.retryAfterSeconds));
    return res;
  }
  if (!(await ownerPasswordMatches(ownerId, parsed.data.currentPassword))) {
    return refuse("change-password", CHANGE_PASSWORD_FAILED, {
      currentPassword: WRONG_CURRENT_PASSWORD,
    });
  }
  await resetRateLimit(key);
  const ended = await changeOwnerPassword(ownerId, parsed.data.newPassword, sessionId);
  return redirectWithToast(SECURITY_URL, {
    type: "success",
    title: "Password Changed",
    text: `Your password has been changed. ${signedOut(ended)}`,
    dialog: true,
  });
}

const signedOut = (count: number) =>
  count === 0
    ? "No other session was signed in."
    : `${count} other ${count === 1 ? "session was" : "sessions were"} signed out.`;

/** The security page's action: change password, end one session, end every other session. */
export async function securityAction(request: Request) {
  const { owner, sessionId } = await requireOwnerSession(request);
  const form = await parseForm(request, intentSchema.passthrough());
  if (!form.success) return refuse("", "Unknown action.");
  const fields = Object.fromEntries(form.form);
  switch (form.data.intent) {
    case "change-password":
      return changePassword(owner.id, sessionId, fields);
    case "end-session": {
      const parsed = endSessionSchema.safeParse(fields);
      const ended = parsed.success
        ? await endOwnerSession(owner.id, parsed.data.session, sessionId)
        : 0;
      if (ended === 0) {
        return refuse(
          "end-session",
          "That session is not signed in any more (or it is this browser: use Logout for it).",
          {},
          404,
        );
      }
      return redirectWithToast(SECURITY_URL, {
        type: "success",
        title: "Signed Out",
        text: "That session has been signed out.",
        dialog: true,
      });
    }
    case "end-other-sessions": {
      const ended = await endOtherOwnerSessions(owner.id, sessionId);
      return redirectWithToast(SECURITY_URL, {
        type: "success",
        title: "Signed Out",
        text: signedOut(ended),
        dialog: true,
      });
    }
  }
}
