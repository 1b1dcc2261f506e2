import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { readForm } from "~/utils/body.server";
import { json, redirect } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { buttonClass } from "~/components/dialog";
import { TextField, fieldProps } from "~/components/form";
import { FormResultMessage, useFormResult, useSchemaForm } from "~/components/form-result";
import { verifyOwnerLogin, type OwnerIdentity } from "~/models/owner.server";
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  verifyTwoFactorCode,
} from "~/models/two-factor.server";
import { requireOwner } from "~/utils/auth.server";
import { env } from "~/utils/env.server";
import { formResult, submissionOf, typedSubmission } from "~/utils/form-result.server";
import { consumeRateLimit, formatRetryAfter, resetRateLimit } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";
import { qrCodeSvg, totpUri } from "~/utils/totp.server";
import {
  identitySchema,
  NO_CODE_OR_PASSWORD,
  setupCodeSchema,
  TOTP_CODE_FORMAT,
  WRONG_PASSWORD,
} from "~/utils/two-factor-rules";
import { useClearedForm } from "~/utils/use-cleared-form";
import { dashboardMeta } from "~/utils/page-title";

const PAGE_URL = "/dashboard/admin/security/two-factor";

/** Secrets and codes are shown here: never kept in a cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction = () => dashboardMeta("Two-factor sign-in");

export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireOwner(request);
  const status = await getTwoFactorStatus(owner.id);
  const setup = status.pendingSecret
    ? {
        secret: status.pendingSecret,
        qrSvg: await qrCodeSvg(totpUri(status.pendingSecret, owner.email)),
      }
    : null;
  return json({
    enabled: status.enabled,
    enabledAt: status.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: status.recoveryCodesLeft,
    setup,
  });
}

type Intent = "start" | "cancel" | "confirm" | "regenerate" | "disable";
const INTENTS: Intent[] = ["start", "cancel", "confirm", "regenerate", "disable"];

/** The recovery codes, shown once after turning 2FA on or regenerating them. */
type CodesData = { status: "codes"; title: string; codes: string[] };

/** Codes and passwords are never sent back. */
const HIDDEN = ["code", "password"];

type AnySubmission = Parameters<typeof formResult>[0];

/** A refusal of the form `intent` (its formId), with the messages beside its fields. */
function refuse(
  submission: AnySubmission,
  intent: Intent | null,
  text: string,
  fieldErrors: Record<string, string> = {},
  { status = 400, headers }: { status?: number; headers?: HeadersInit } = {},
) {
  return formResult(submission, {
    title: "Oops...",
    text,
    fieldErrors,
    status,
    headers,
    formId: intent ?? "two-factor",
    hideFields: HIDDEN,
  });
}

/** The dialog's text for each message the identity check gives beside a field. */
const IDENTITY_TEXTS: Record<string, string> = {
  [NO_CODE_OR_PASSWORD]: "Enter a current code from your authenticator app or your password.",
  [TOTP_CODE_FORMAT]: TOTP_CODE_FORMAT,
  [WRONG_PASSWORD]: "That password is not right.",
};

/**
 * Proves it is the owner before a change to two-factor sign-in: a current code from the app or
 * the password. Failures are limited like logins (a stolen session cannot guess for ever).
 */
async function confirmIdentity(
  owner: OwnerIdentity,
  intent: Intent,
  form: FormData,
): Promise<Response | null> {
  const submission = submissionOf(form, identitySchema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? NO_CODE_OR_PASSWORD;
    return refuse(submission, intent, IDENTITY_TEXTS[message] ?? message);
  }
  const { code, password } = submission.value;

  const { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } = env();
  const key = `2fa:reauth:${owner.id}`;
  const limit = await consumeRateLimit(key, LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS);
  if (!limit.allowed) {
    return refuse(
      submission,
      intent,
      `Too many attempts. Please try again in ${formatRetryAfter(limit.retryAfterSeconds)}.`,
      {},
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  if (code) {
    if (!(await verifyTwoFactorCode(owner.id, code))) {
      return refuse(submission, intent, "That code is not valid (or was already used).", {
        code: "Invalid code",
      });
    }
  } else if (!(await verifyOwnerLogin(owner.email, password ?? ""))) {
    return refuse(submission, intent, "That password is not right.", { password: WRONG_PASSWORD });
  }
  await resetRateLimit(key);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const owner = await requireOwner(request);
  // Bounded like every body; one that is too large or not a form reads as empty (a 400 below).
  const form = await readForm(request).catch(() => new FormData());
  const intent = INTENTS.find((i) => i === form.get("intent")) ?? null;
  const status = await getTwoFactorStatus(owner.id);

  switch (intent) {
    case "start": {
      if (!status.enabled) await startTwoFactorSetup(owner.id);
      return redirect(PAGE_URL);
    }
    case "cancel": {
      await cancelTwoFactorSetup(owner.id);
      return redirectWithToast(PAGE_URL, { type: "info", title: "Set-up cancelled" });
    }
    case "confirm": {
      if (status.enabled) return redirect(PAGE_URL);
      const submission = submissionOf(form, setupCodeSchema);
      if (!status.pendingSecret) {
        return refuse(submission, intent, "Start the set-up again: choose Turn on.");
      }
      if (submission.status !== "success") return refuse(submission, intent, TOTP_CODE_FORMAT);
      const codes = await confirmTwoFactorSetup(owner.id, submission.value.code);
      if (!codes) {
        return refuse(
          submission,
          intent,
          "That code does not match. Check that your app shows the account just added and that your phone's clock is right.",
          { code: "Invalid code" },
        );
      }
      return json<CodesData>({ status: "codes", title: "Two-factor sign-in is on", codes });
    }
    case "regenerate":
    case "disable": {
      if (!status.enabled) return refuse(typedSubmission({}), intent, "Two-factor sign-in is off.");
      const refused = await confirmIdentity(owner, intent, form);
      if (refused) return refused;
      if (intent === "disable") {
        await disableTwoFactor(owner.id);
        return redirectWithToast(PAGE_URL, {
          type: "success",
          title: "Two-factor sign-in is off",
          text: "You sign in with your password only.",
        });
      }
      const codes = await regenerateRecoveryCodes(owner.id);
      if (!codes) return refuse(typedSubmission({}), intent, "Two-factor sign-in is off.");
      return json<CodesData>({ status: "codes", title: "New recovery codes", codes });
    }
    default:
      return refuse(typedSubmission({}), null, "Unknown action.");
  }
}

function RecoveryCodes({ title, codes }: { title: string; codes: string[] }) {
  return (
    <section
      aria-labelledby="recovery-codes-title"
      className="mb-6 rounded-xl border border-emerald-300 bg-emerald-50 p-4"
      data-testid="recovery-codes"
    >
      <h3 id="recovery-codes-title" className="font-semibold text-emerald-900">
        {title}
      </h3>
      <p className="mt-1 text-sm text-emerald-900">
        Save these recovery codes somewhere safe (a password manager, or printed). If you lose your
        phone, each code signs you in once. <strong>They are shown only now.</strong>
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-slate-900">
            {code}
          </li>
        ))}
      </ul>
      <Link to={PAGE_URL} className={`${buttonClass.secondary} mt-4`}>
        I have saved them
      </Link>
    </section>
  );
}

/** The route's answer: the recovery codes to show, if that is what it answered. */
function useCodes(): CodesData | undefined {
  const data = useActionData<typeof action>();
  return data && "codes" in data ? (data as CodesData) : undefined;
}

/**
 * A form whose action needs a current code or the password (regenerating recovery codes,
 * turning 2FA off): heading, explanation, its own error, the two fields, one button.
 */
function ConfirmedActionForm({
  intent,
  title,
  text,
  button,
  buttonClassName,
  busy,
}: {
  intent: Intent;
  title: string;
  text: string;
  button: string;
  buttonClassName: string;
  busy: boolean;
}) {
  const result = useFormResult(intent);
  const codes = useCodes();
  const ref = useClearedForm(result ?? (intent === "regenerate" ? codes : undefined));
  const [form, fields] = useSchemaForm({
    id: intent,
    schema: identitySchema,
    lastResult: result,
    shouldValidate: "onSubmit",
  });
  const titleId = `${intent}-title`;
  return (
    <Form
      method="post"
      className="flex flex-col gap-3"
      ref={ref}
      {...getFormProps(form)}
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="text-sm text-slate-600">{text}</p>
      <FormResultMessage result={result} inline />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Current 6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          {...fieldProps(fields.code)}
          defaultValue=""
        />
        <TextField
          label="or your password"
          type="password"
          autoComplete="current-password"
          {...fieldProps(fields.password)}
          defaultValue=""
        />
      </div>
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`${buttonClassName} self-start`}
        disabled={busy}
      >
        {button}
      </button>
    </Form>
  );
}

export default function TwoFactorSettingsPage() {
  const { enabled, enabledAt, recoveryCodesLeft, setup } = useLoaderData<typeof loader>();
  const codes = useCodes();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const pageResult = useFormResult("two-factor");
  const confirmResult = useFormResult("confirm");
  const confirmRef = useClearedForm(confirmResult);
  const [confirmForm, confirmFields] = useSchemaForm({
    id: "confirm",
    schema: setupCodeSchema,
    lastResult: confirmResult,
    shouldValidate: "onSubmit",
  });

  return (
    <AdminPage
      title="Two-factor sign-in"
      width="narrow"
      description="A second step at sign-in: after your password, a 6-digit code from an authenticator app on your phone."
    >
      <p className="mb-4 text-sm">
        <Link to="/dashboard/admin/security" className="text-brand-700 hover:underline">
          ← Account security
        </Link>
      </p>
      {codes ? <RecoveryCodes title={codes.title} codes={codes.codes} /> : null}
      <FormResultMessage result={pageResult} inline />

      {enabled ? (
        <div className="flex flex-col gap-8">
          <p data-testid="two-factor-status">
            <strong>On</strong>
            {enabledAt ? ` since ${new Date(enabledAt).toLocaleDateString("en-GB")}` : null}.{" "}
            {recoveryCodesLeft} of 10 recovery codes left.
          </p>

          <ConfirmedActionForm
            intent="regenerate"
            title="Regenerate recovery codes"
            text="New codes replace the old ones, used or not. Confirm with a current code or your password."
            button="Regenerate recovery codes"
            buttonClassName={buttonClass.secondary}
            busy={busy}
          />
          <ConfirmedActionForm
            intent="disable"
            title="Turn off two-factor sign-in"
            text="You will sign in with your password only. Confirm with a current code or your password."
            button="Turn off"
            buttonClassName={buttonClass.danger}
            busy={busy}
          />
        </div>
      ) : setup ? (
        <div className="flex flex-col gap-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>Open an authenticator app (1Password, Google Authenticator, Aegis, ...).</li>
            <li>Scan this QR code, or type the key below into the app.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <div
            className="h-48 w-48 self-center sm:self-start"
            role="img"
            aria-label="QR code to add this account to an authenticator app"
            data-testid="two-factor-qr"
            // The SVG is made on the server by the qrcode package from our own otpauth URI.
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <p className="text-sm">
            Key for manual entry:{" "}
            <code
              className="rounded bg-slate-100 px-2 py-1 break-all select-all"
              data-testid="two-factor-secret"
            >
              {setup.secret.replace(/(.{4})/g, "$1 ").trim()}
            </code>
          </p>
          <FormResultMessage result={confirmResult} inline summary={false} />
          <Form
            method="post"
            className="flex flex-col gap-3"
            ref={confirmRef}
            {...getFormProps(confirmForm)}
          >
            <TextField
              label="6-digit code from the app"
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              {...fieldProps(confirmFields.code)}
              defaultValue=""
            />
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                name="intent"
                value="confirm"
                className={buttonClass.primary}
                disabled={busy}
              >
                Verify and turn on
              </button>
            </div>
          </Form>
          <Form method="post">
            <button type="submit" name="intent" value="cancel" className={buttonClass.secondary}>
              Cancel
            </button>
          </Form>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p data-testid="two-factor-status">
            <strong>Off.</strong> Signing in needs your password only.
          </p>
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="start"
              className={buttonClass.primary}
              disabled={busy}
            >
              Turn on
            </button>
          </Form>
        </div>
      )}
    </AdminPage>
  );
}
