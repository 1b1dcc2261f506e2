import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { readForm } from "~/utils/body.server";
import { json, redirect } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/dialog";
import { TextField } from "~/components/form";
import { FormResultMessage, useFormResult, useSchemaForm } from "~/components/form-result";
import { getOwnerById } from "~/models/owner.server";
import { redeemRecoveryCode, verifyTwoFactorCode } from "~/models/two-factor.server";
import { getOwner } from "~/utils/auth.server";
import { env } from "~/utils/env.server";
import { consumeRateLimit, formatRetryAfter, resetRateLimit } from "~/utils/rate-limit.server";
import { clientIp } from "~/utils/request.server";
import { completeSignIn } from "~/utils/sign-in.server";
import {
  clearPendingSignIn,
  CODE_ATTEMPTS_PER_SIGN_IN,
  PENDING_SIGN_IN_SECONDS,
  readPendingSignIn,
  restartSignIn,
} from "~/utils/two-factor-sign-in.server";
import { formResult, submissionOf } from "~/utils/form-result.server";
import { twoFactorCodeSchema } from "~/utils/two-factor-rules";
import { useClearedForm } from "~/utils/use-cleared-form";

/** Secrets and codes are shown here: never kept in a cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction = () => [
  { title: "Two-factor sign-in | Folio" },
  { name: "robots", content: "noindex" },
];

const EXPIRED = "Your sign-in has expired or is not valid. Enter your email and password again.";

type Method = "totp" | "recovery";

const methodOf = (value: unknown): Method => (value === "recovery" ? "recovery" : "totp");

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOwner(request)) throw redirect("/dashboard");
  if (!(await readPendingSignIn(request))) throw await restartSignIn(EXPIRED);
  return json({ method: methodOf(new URL(request.url).searchParams.get("method")) });
}

/** Codes are never sent back. */
const HIDDEN = ["code"];

export async function action({ request }: ActionFunctionArgs) {
  const pending = await readPendingSignIn(request);
  if (!pending) return restartSignIn(EXPIRED);
  // Bounded like every body; one that is too large or not a form reads as empty (a 400 below).
  const form = await readForm(request).catch(() => new FormData());
  const submission = submissionOf(form, twoFactorCodeSchema);
  const refuse = (
    status: number,
    text: string,
    { code, headers }: { code?: string; headers?: HeadersInit } = {},
  ) =>
    formResult(submission, {
      title: "Oops...",
      text,
      status,
      headers,
      fieldErrors: code ? { code } : undefined,
      hideFields: HIDDEN,
    });
  if (submission.status !== "success") return refuse(400, "Please correct the highlighted field.");
  const read = submission.value;
  const { method } = read;

  const { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } = env();
  const ipKey = `2fa:ip:${clientIp(request)}`;
  const limits = await Promise.all([
    consumeRateLimit(
      `2fa:pending:${pending.id}`,
      CODE_ATTEMPTS_PER_SIGN_IN,
      PENDING_SIGN_IN_SECONDS,
    ),
    consumeRateLimit(ipKey, LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS),
  ]);
  const blocked = limits.find((l) => !l.allowed);
  if (blocked) {
    return refuse(
      429,
      `Too many attempts. Please try again in ${formatRetryAfter(blocked.retryAfterSeconds)}.`,
      { headers: { "Retry-After": String(blocked.retryAfterSeconds) } },
    );
  }

  const owner = await getOwnerById(pending.ownerId);
  if (!owner) return restartSignIn(EXPIRED);
  const ok =
    method === "totp"
      ? await verifyTwoFactorCode(owner.id, read.code)
      : await redeemRecoveryCode(owner.id, read.code);
  if (!ok) {
    return refuse(
      400,
      method === "totp"
        ? "That code is not valid (or was already used). Wait for the next code in your app and try again."
        : "That recovery code is not valid or was already used.",
      { code: method === "totp" ? "Invalid code" : "Invalid recovery code" },
    );
  }

  await resetRateLimit(ipKey);
  const response = await completeSignIn(request, owner, pending.redirectTo, "Login Successful");
  response.headers.append("Set-Cookie", await clearPendingSignIn());
  return response;
}

export default function TwoFactorSignInPage() {
  const loaderData = useLoaderData<typeof loader>();
  const result = useFormResult();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const method = result ? methodOf(result.initialValue?.method) : loaderData.method;
  const totp = method === "totp";
  const formRef = useClearedForm(result);
  const [form, fields] = useSchemaForm<{ method: string; code: string }>({
    id: `two-factor-${method}`,
    schema: twoFactorCodeSchema,
    lastResult: result,
    // The one field has focus at once: leaving it (e.g. for 'Use a recovery code') is no mistake.
    shouldValidate: "onSubmit",
  });
  const code = { id: fields.code.id, error: fields.code.errors?.[0] };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 to-brand-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-xl">
        <h1 className="mb-1 text-center text-2xl font-bold text-slate-900">Two-factor sign-in</h1>
        <p className="mb-6 text-center text-sm text-slate-600">
          {totp
            ? "Enter the 6-digit code from your authenticator app."
            : "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once."}
        </p>
        <FormResultMessage result={result} inline summary={false} focusAfter={code.id} />
        <Form
          method="post"
          className="mt-4 flex flex-col gap-4"
          key={method}
          ref={formRef}
          {...getFormProps(form)}
        >
          <input type="hidden" name="method" value={method} />
          {totp ? (
            <TextField
              label="Authentication code"
              name="code"
              required
              autoFocus
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              {...code}
            />
          ) : (
            <TextField
              label="Recovery code"
              name="code"
              required
              autoFocus
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              {...code}
            />
          )}
          <button
            type="submit"
            className={`${buttonClass.primary} mt-2 w-full py-2.5`}
            disabled={busy}
          >
            {busy ? "Checking..." : "Verify"}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm">
          {totp ? (
            <Link to="?method=recovery" className="text-brand-700 hover:underline">
              Use a recovery code
            </Link>
          ) : (
            <Link to="." className="text-brand-700 hover:underline">
              Use a code from your authenticator app
            </Link>
          )}
        </p>
        <p className="mt-2 text-center text-sm">
          <a href="/login" className="text-brand-700 hover:underline">
            ← Back to login
          </a>
        </p>
      </div>
    </main>
  );
}
