import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { buttonClass } from "~/components/dialog";
import { TextField } from "~/components/form";
import { FormResultMessage, useFormResult, useSchemaForm } from "~/components/form-result";
import { SECURITY_URL, TWO_FACTOR_URL } from "~/utils/security";
import { securityAction } from "~/utils/account-security.server";
import { requireOwnerSession } from "~/utils/auth.server";
import { changePasswordSchema, PASSWORD_MIN_LENGTH } from "~/utils/password-rules";
import { listOwnerSessions } from "~/utils/session.server";
import { describeUserAgent } from "~/utils/user-agent";
import { dashboardMeta } from "~/utils/page-title";

export const meta: MetaFunction = () => dashboardMeta("Security");

const when = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const formatWhen = (date: Date) => `${when.format(date)} UTC`;

export async function loader({ request }: LoaderFunctionArgs) {
  const { owner, sessionId } = await requireOwnerSession(request);
  const sessions = (await listOwnerSessions(owner.id)).map((s) => ({
    handle: s.handle,
    device: describeUserAgent(s.userAgent),
    address: s.ipAddress && s.ipAddress !== "unknown" ? s.ipAddress : "Unknown address",
    createdAt: formatWhen(s.createdAt),
    lastSeenAt: formatWhen(s.lastSeenAt),
    current: s.id === sessionId,
  }));
  sessions.sort((a, b) => Number(b.current) - Number(a.current));
  return json({ signedIn: sessions });
}

export async function action({ request }: ActionFunctionArgs) {
  return securityAction(request);
}

/** Without JavaScript too, a 429 keeps its Retry-After (only cookies are carried by default). */
export const headers: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h3 id={id} className="text-lg font-semibold text-slate-900">
      {children}
    </h3>
  );
}

function ChangePasswordForm() {
  const [form, fields] = useSchemaForm({
    id: "change-password",
    schema: changePasswordSchema,
    lastResult: useFormResult("change-password"),
  });
  const errorOf = (name: keyof typeof fields) => fields[name].errors?.[0];
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "change-password";
  return (
    <section aria-labelledby="change-password-title" className="flex flex-col gap-3">
      <SectionTitle id="change-password-title">Change password</SectionTitle>
      <p className="text-sm text-slate-600">
        Every other browser signed in to this account is signed out; this one stays signed in.
      </p>
      <Form
        method="post"
        action={SECURITY_URL}
        className="flex flex-col gap-4"
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="change-password" />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          id={fields.currentPassword.id}
          error={errorOf("currentPassword")}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          id={fields.newPassword.id}
          error={errorOf("newPassword")}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          id={fields.confirmPassword.id}
          error={errorOf("confirmPassword")}
        />
        <div>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? "Changing..." : "Change Password"}
          </button>
        </div>
      </Form>
    </section>
  );
}

type SessionRow = ReturnType<typeof useLoaderData<typeof loader>>["signedIn"][number];

function SessionList({ sessions }: { sessions: SessionRow[] }) {
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessions-title" className="flex flex-col gap-3">
      <SectionTitle id="sessions-title">Active sessions</SectionTitle>
      <p className="text-sm text-slate-600">
        The browsers signed in to this account. Sign out any you do not recognise, then change your
        password.
      </p>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {sessions.map((s) => (
          <li
            key={s.handle}
            className="flex flex-wrap items-center justify-between gap-3 p-3"
            data-testid="session-row"
          >
            <div className="text-sm">
              <p className="font-medium text-slate-900">
                {s.device}
                {s.current ? (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                    This browser
                  </span>
                ) : null}
              </p>
              <p className="text-slate-600">{s.address}</p>
              <p className="text-slate-600">
                Signed in {s.createdAt} · Last seen {s.lastSeenAt}
              </p>
            </div>
            {s.current ? null : (
              <Form method="post" action={SECURITY_URL}>
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="session" value={s.handle} />
                <button
                  type="submit"
                  className={buttonClass.secondary}
                  aria-label={`Sign out ${s.device} (${s.address}, last seen ${s.lastSeenAt})`}
                >
                  Sign out
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" action={SECURITY_URL}>
          <input type="hidden" name="intent" value="end-other-sessions" />
          <button type="submit" className={buttonClass.danger}>
            Sign out all other sessions
          </button>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">No other browser is signed in.</p>
      )}
    </section>
  );
}

export default function SecurityScreen() {
  const { signedIn } = useLoaderData<typeof loader>();
  const result = useFormResult();
  return (
    <AdminPage
      title="Security"
      description="Your password, the browsers signed in to your account, and two-factor sign-in."
      width="narrow"
    >
      <FormResultMessage result={result} />
      <div className="flex flex-col gap-8">
        <ChangePasswordForm />
        <SessionList sessions={signedIn} />
        <section
          aria-labelledby="two-factor-title"
          className="flex flex-col gap-3"
          data-testid="two-factor-section"
        >
          <SectionTitle id="two-factor-title">Two-factor sign-in</SectionTitle>
          <p className="text-sm text-slate-600">
            Ask for a code from an authenticator app after the password.
          </p>
          <div>
            <Link to={TWO_FACTOR_URL} className={buttonClass.secondary}>
              Two-factor sign-in settings
            </Link>
          </div>
        </section>
      </div>
    </AdminPage>
  );
}
