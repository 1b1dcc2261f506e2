import { z } from "zod";
import { SECURITY_URL } from "~/utils/security";
import { changeOwnerPassword, ownerPasswordMatches } from "~/models/owner.server";
import { requireOwnerSession } from "./auth.server";
import { env } from "./env.server";
import { formResult, parseSubmission, submissionOf } from "./form-result.server";
import { changePasswordSchema } from "./password-rules";
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

const endSessionSchema = z.object({
  session: z.string({ required_error: "Choose a session" }).min(1).max(100),
});

/** Passwords are never sent back. */
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

type AnySubmission = Parameters<typeof formResult>[0];

function refuse(
  submission: AnySubmission,
  formId: string,
  text: string,
  fieldErrors: Record<string, string[] | undefined> = {},
  status = 400,
  headers?: HeadersInit,
) {
  return formResult(submission, {
    text,
    fieldErrors,
    status,
    formId,
    headers,
    hideFields: PASSWORD_FIELDS,
  });
}

async function changePassword(ownerId: number, sessionId: string, form: FormData) {
  const submission = submissionOf(form, changePasswordSchema);
  if (submission.status !== "success") {
    return refuse(submission, "change-password", CHANGE_PASSWORD_FAILED);
  }
  const data = submission.value;
  // Counted before the current password is checked, per session: a stolen session cannot be
  // used to guess the password, and cannot lock the owner's own browser out of this form.
  const { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } = env();
  const key = `password:session:${sessionId}`;
  const limit = await consumeRateLimit(key, LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS);
  if (!limit.allowed) {
    return refuse(
      submission,
      "change-password",
      `Too many wrong current passwords. Please try again in ${formatRetryAfter(limit.retryAfterSeconds)}.`,
      {},
      429,
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }
  if (!(await ownerPasswordMatches(ownerId, data.currentPassword))) {
    return refuse(submission, "change-password", CHANGE_PASSWORD_FAILED, {
      currentPassword: [WRONG_CURRENT_PASSWORD],
    });
  }
  await resetRateLimit(key);
  const ended = await changeOwnerPassword(ownerId, data.newPassword, sessionId);
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
  const read = await parseSubmission(request, intentSchema.passthrough());
  if (!read.ok) return refuse(read.submission, "", "Unknown action.");
  switch (read.submission.value.intent) {
    case "change-password":
      return changePassword(owner.id, sessionId, read.form);
    case "end-session": {
      const submission = submissionOf(read.form, endSessionSchema);
      const ended =
        submission.status === "success"
          ? await endOwnerSession(owner.id, submission.value.session, sessionId)
          : 0;
      if (ended === 0) {
        return refuse(
          submission,
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
