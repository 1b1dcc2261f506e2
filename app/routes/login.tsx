import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { MessageDialog, buttonClass } from "~/components/dialog";
import { FormAlert, TextField, inputClass } from "~/components/form";
import { createFirstOwner, ownerExists } from "~/models/owner.server";
import {
  authenticator,
  getOwner,
  LoginError,
  OWNER_STRATEGY,
  parseLoginForm,
} from "~/utils/auth.server";
import { clearLoginAttempts, countLoginAttempt } from "~/utils/login-throttle.server";
import { BodyRefused, readForm, requestWithForm, TOO_LARGE_HEADERS } from "~/utils/body.server";
import { emailSchema, newPasswordSchema } from "~/utils/password.server";
import { PASSWORD_MIN_LENGTH } from "~/utils/password-rules";
import { safeRedirect } from "~/utils/request.server";
import { completeSignIn } from "~/utils/sign-in.server";
import { startTwoFactorSignIn } from "~/utils/two-factor-sign-in.server";
import { useHydrated } from "~/utils/use-hydrated";
import { fieldErrorsOf } from "~/utils/validation";

export const meta: MetaFunction = () => [
  { title: "Admin Login | Folio" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOwner(request)) throw redirect("/dashboard");
  return json({ setup: !(await ownerExists()) });
}

type ActionData = {
  intent: "login" | "setup";
  title: string;
  message: string;
  fieldErrors: Record<string, string>;
  values: { email: string };
};

const setupSchema = z
  .object({ email: emailSchema, password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });

function refuse(status: number, data: ActionData, headers?: HeadersInit) {
  return json(data, { status, headers });
}

/** A body that is not a form, or too large (body.server.ts): the login page says why. */
function refuseBodyOf(error: unknown) {
  if (!(error instanceof BodyRefused)) throw error;
  const data: ActionData = {
    intent: "login",
    title: "Oops...",
    message: error.message,
    fieldErrors: {},
    values: { email: "" },
  };
  return refuse(error.status, data, error.status === 413 ? TOO_LARGE_HEADERS : undefined);
}

export async function action({ request }: ActionFunctionArgs) {
  const read = await readForm(request).catch((error: unknown) => error);
  if (!(read instanceof FormData)) return refuseBodyOf(read);
  const form = read;
  const intent = form.get("intent") === "setup" ? "setup" : "login";
  const email = String(form.get("email") ?? "")
    .trim()
    .slice(0, 254);
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const values = { email };

  if (intent === "setup") {
    if (await ownerExists()) {
      return refuse(403, {
        intent,
        title: "Oops...",
        message: "The owner account already exists. Please log in.",
        fieldErrors: {},
        values,
      });
    }
    const parsed = setupSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      return refuse(400, {
        intent,
        title: "Oops...",
        message: "Please correct the highlighted fields.",
        fieldErrors: fieldErrorsOf(parsed.error),
        values,
      });
    }
    const owner = await createFirstOwner(parsed.data.email, parsed.data.password);
    if (!owner) {
      return refuse(403, {
        intent,
        title: "Oops...",
        message: "The owner account already exists. Please log in.",
        fieldErrors: {},
        values,
      });
    }
    return completeSignIn(request, owner, "/dashboard", "Account created");
  }

  // Field errors (a malformed email, a password over 72 bytes) cost no attempt and no bcrypt.
  const input = parseLoginForm(form);
  if (!input.success) {
    return refuse(400, {
      intent,
      title: "Oops...",
      message: input.error.message,
      fieldErrors: input.error.fieldErrors,
      values,
    });
  }
  // Counted before the password is checked: parallel guesses cannot get past the limit.
  const attempt = await countLoginAttempt(request, email);
  if (!attempt.allowed) {
    return refuse(
      429,
      { intent, title: "Oops...", message: attempt.message, fieldErrors: {}, values },
      { "Retry-After": String(attempt.retryAfterSeconds) },
    );
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
    return refuse(invalidInput ? 400 : 401, {
      intent,
      title: "Oops...",
      message: error.message,
      fieldErrors: error.fieldErrors,
      values,
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
  name,
  label,
  error,
  autoComplete,
}: {
  name: string;
  label: string;
  error?: string;
  autoComplete: string;
}) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const id = `${name}-input`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
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
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const hydrated = useHydrated();
  const errors: Record<string, string | undefined> = data?.fieldErrors ?? {};
  const hasFieldErrors = Object.keys(errors).length > 0;

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
        {data && (!hydrated || hasFieldErrors) ? (
          <FormAlert title={data.title} text={data.message} />
        ) : null}
        {data && hydrated && !hasFieldErrors ? (
          <MessageDialog
            key={JSON.stringify(data)}
            kind="error"
            title={data.title}
            text={data.message}
          />
        ) : null}
        <Form method="post" className="mt-4 flex flex-col gap-4" noValidate={false}>
          <input type="hidden" name="intent" value={setup ? "setup" : "login"} />
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/dashboard"} />
          <TextField
            label="Email"
            name="email"
            type="email"
            required
            autoComplete="email"
            defaultValue={data?.values.email ?? ""}
            error={errors.email}
          />
          <PasswordField
            name="password"
            label="Password"
            error={errors.password}
            autoComplete={setup ? "new-password" : "current-password"}
          />
          {setup ? (
            <PasswordField
              name="confirmPassword"
              label="Confirm Password"
              error={errors.confirmPassword}
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
