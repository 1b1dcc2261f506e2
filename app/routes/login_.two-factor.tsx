import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { readForm } from "~/utils/body.server";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/dialog";
import { FormAlert, TextField } from "~/components/form";
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
import { normalizeRecoveryCode } from "~/utils/totp.server";
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

type ActionData = { method: Method; title: string; message: string; fieldError?: string };

function refuse(status: number, data: ActionData, headers?: HeadersInit) {
  return json(data, { status, headers });
}

/** The code typed, or a message saying what a valid one looks like. */
function readCode(method: Method, raw: string): { code: string } | { error: string } {
  if (method === "totp") {
    const code = raw.replace(/\s/g, "");
    return /^\d{6}$/.test(code)
      ? { code }
      : { error: "Enter the 6-digit code shown in your authenticator app." };
  }
  return /^[A-Z0-9]{10}$/.test(normalizeRecoveryCode(raw))
    ? { code: raw }
    : { error: "A recovery code has 10 letters and digits, like ABCDE-23456." };
}

export async function action({ request }: ActionFunctionArgs) {
  const pending = await readPendingSignIn(request);
  if (!pending) return restartSignIn(EXPIRED);
  // Bounded like every body; one that is too large or not a form reads as empty (a 400 below).
  const form = await readForm(request).catch(() => new FormData());
  const method = methodOf(form.get("method"));
  const read = readCode(method, String(form.get("code") ?? "").slice(0, 100));
  if ("error" in read) {
    return refuse(400, {
      method,
      title: "Oops...",
      message: "Please correct the highlighted field.",
      fieldError: read.error,
    });
  }

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
      {
        method,
        title: "Oops...",
        message: `Too many attempts. Please try again in ${formatRetryAfter(blocked.retryAfterSeconds)}.`,
      },
      { "Retry-After": String(blocked.retryAfterSeconds) },
    );
  }

  const owner = await getOwnerById(pending.ownerId);
  if (!owner) return restartSignIn(EXPIRED);
  const ok =
    method === "totp"
      ? await verifyTwoFactorCode(owner.id, read.code)
      : await redeemRecoveryCode(owner.id, read.code);
  if (!ok) {
    return refuse(400, {
      method,
      title: "Oops...",
      message:
        method === "totp"
          ? "That code is not valid (or was already used). Wait for the next code in your app and try again."
          : "That recovery code is not valid or was already used.",
      fieldError: method === "totp" ? "Invalid code" : "Invalid recovery code",
    });
  }

  await resetRateLimit(ipKey);
  const response = await completeSignIn(request, owner, pending.redirectTo, "Login Successful");
  response.headers.append("Set-Cookie", await clearPendingSignIn());
  return response;
}

export default function TwoFactorSignInPage() {
  const loaderData = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const method = data?.method ?? loaderData.method;
  const totp = method === "totp";
  const formRef = useClearedForm(data);

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 to-brand-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-xl">
        <h1 className="mb-1 text-center text-2xl font-bold text-slate-900">Two-factor sign-in</h1>
        <p className="mb-6 text-center text-sm text-slate-600">
          {totp
            ? "Enter the 6-digit code from your authenticator app."
            : "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once."}
        </p>
        {data ? <FormAlert title={data.title} text={data.message} /> : null}
        <Form method="post" className="mt-4 flex flex-col gap-4" key={method} ref={formRef}>
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
              error={data?.fieldError}
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
              error={data?.fieldError}
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
