import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { Form, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { buttonClass } from "~/components/dialog";
import { RequiredMark, TextField, fieldProps, inputClass } from "~/components/form";
import {
  FormResultMessage,
  hasFieldErrors,
  useFormResult,
  useSchemaForm,
} from "~/components/form-result";
import { createFirstOwner, ownerExists } from "~/models/owner.server";
import {
  authenticator,
  getOwner,
  INVALID_LOGIN_INPUT,
  LoginError,
  OWNER_STRATEGY,
} from "~/utils/auth.server";
import { clearLoginAttempts, countLoginAttempt } from "~/utils/login-throttle.server";
import { BodyRefused, readForm, requestWithForm } from "~/utils/body.server";
import { formResult, submissionOf, typedSubmission } from "~/utils/form-result.server";
import { loginSchema, ownerSetupSchema, PASSWORD_MIN_LENGTH } from "~/utils/password-rules";
import { safeRedirect } from "~/utils/request.server";
import { completeSignIn } from "~/utils/sign-in.server";
import { startTwoFactorSignIn } from "~/utils/two-factor-sign-in.server";
import { useHydrated } from "~/utils/use-hydrated";

export const meta: MetaFunction = () => [
  { title: "Admin Login | Folio" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOwner(request)) throw redirect("/dashboard");
  return json({ setup: !(await ownerExists()) });
}

/** Passwords are never sent back. */
const HIDDEN = ["password", "confirmPassword"];
const OOPS = "Oops...";
const OWNER_EXISTS = "The owner account already exists. Please log in.";

type Refusal = {
  status: number;
  text: string;
  fieldErrors?: Record<string, string | undefined>;
  headers?: HeadersInit;
};

export async function action({ request }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    // A body that is not a form, or too large (body.server.ts): the login page says why.
    if (!(error instanceof BodyRefused)) throw error;
    return formResult(typedSubmission({}), {
      title: OOPS,
      text: error.message,
      status: error.status,
    });
  }
  const intent = form.get("intent") === "setup" ? "setup" : "login";
  const refuse = (
    submission: Parameters<typeof formResult>[0],
    { status, text, fieldErrors, headers }: Refusal,
  ) =>
    formResult(submission, { title: OOPS, text, status, fieldErrors, headers, hideFields: HIDDEN });
  const email = String(form.get("email") ?? "")
    .trim()
    .slice(0, 254);
  const redirectTo = safeRedirect(form.get("redirectTo"));

  if (intent === "setup") {
    const submission = submissionOf(form, ownerSetupSchema);
    if (await ownerExists()) return refuse(submission, { status: 403, text: OWNER_EXISTS });
    if (submission.status !== "success") {
      return refuse(submission, { status: 400, text: "Please correct the highlighted fields." });
    }
    const owner = await createFirstOwner(submission.value.email, submission.value.password);
    if (!owner) return refuse(submission, { status: 403, text: OWNER_EXISTS });
    return completeSignIn(request, owner, "/dashboard", "Account created");
  }

  // Field errors (a malformed email, a password over 72 bytes) cost no attempt and no bcrypt.
  const submission = submissionOf(form, loginSchema);
  if (submission.status !== "success") {
    return refuse(submission, { status: 400, text: INVALID_LOGIN_INPUT });
  }
  // Counted before the password is checked: parallel guesses cannot get past the limit.
  const attempt = await countLoginAttempt(request, email);
  if (!attempt.allowed) {
    return refuse(submission, {
      status: 429,
      text: attempt.message,
      headers: { "Retry-After": String(attempt.retryAfterSeconds) },
    });
  }

  try {
    const owner = await authenticator.authenticate(OWNER_STRATEGY, requestWithForm(request, form));
    await clearLoginAttempts(attempt);
    const second = await startTwoFactorSignIn(owner, redirectTo);
    if (second) return second;
    return completeSignIn(request, owner, redirectTo, "Login Successful");
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    const invalidInput = Object.keys(error.fieldErrors).length > 0;
    return refuse(submission, {
      status: invalidInput ? 400 : 401,
      text: error.message,
      fieldErrors: error.fieldErrors,
    });
  }
}

/**
 * A document POST (no JavaScript) takes its headers from here, not from the action's answer:
 * without this, its 429 would lose `Retry-After` (only cookies are carried over by default).
 */
export const headers: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

function PasswordField({
  meta,
  label,
  autoComplete,
}: {
  meta: FieldMetadata<string>;
  label: string;
  autoComplete: string;
}) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const { id, name } = meta;
  const error = meta.errors?.[0];
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
        <RequiredMark />
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          required
          autoComplete={autoComplete}
          className={`${inputClass} pr-20`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-700 hover:text-brand-600"
            aria-label={visible ? "Hide password" : "Show password"}
            aria-pressed={visible}
          >
            {visible ? "Hide" : "Show"}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function LoginPage() {
  const { setup } = useLoaderData<typeof loader>();
  const result = useFormResult();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useSchemaForm({
    id: setup ? "setup" : "login",
    schema: setup ? ownerSetupSchema : loginSchema,
    lastResult: result,
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 to-brand-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-xl">
        <h1 className="mb-1 text-center text-2xl font-bold text-slate-900">
          {setup ? "Create the owner account" : "Admin Login"}
        </h1>
        {setup ? (
          <p className="mb-6 text-center text-sm text-slate-600">
            No owner exists yet. Choose the email and password you will sign in with (at least{" "}
            {PASSWORD_MIN_LENGTH} characters).
          </p>
        ) : (
          <div className="mb-6" />
        )}
        {/* With field messages the reason stays above the form, near them; else the dialog. */}
        <FormResultMessage
          result={result}
          inline={hasFieldErrors(result)}
          form={form}
          focusAfter={fields.password.id}
        />
        <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={setup ? "setup" : "login"} />
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/dashboard"} />
          <TextField
            label="Email"
            {...fieldProps(fields.email)}
            type="email"
            required
            autoComplete="email"
          />
          <PasswordField
            meta={fields.password}
            label="Password"
            autoComplete={setup ? "new-password" : "current-password"}
          />
          {setup ? (
            <PasswordField
              meta={fields.confirmPassword}
              label="Confirm Password"
              autoComplete="new-password"
            />
          ) : null}
          <button
            type="submit"
            className={`${buttonClass.primary} mt-2 w-full py-2.5`}
            disabled={busy}
          >
            {setup ? (busy ? "Creating..." : "Create account") : busy ? "Logging in..." : "Login"}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="text-brand-700 hover:underline">
            ← Back to the site
          </a>
        </p>
      </div>
    </main>
  );
}
