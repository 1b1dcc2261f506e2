import { pageMeta, profileFromMatches, siteName } from "~/components/site/site-data";
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/dialog";
import { ErrorSummary, fieldMessagesOf } from "~/components/error-summary";
import { TextAreaField, TextField, fieldProps } from "~/components/form";
import { useFormResult, useSchemaForm } from "~/components/form-result";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  contactSchema,
  FORM_STARTED_FIELD,
  HONEYPOT_FIELD,
} from "~/entities/message";
import { getProfile } from "~/models/profile.server";
import { BodyRefused, partialForm, readForm } from "~/utils/body.server";
import { formResult, typedSubmission } from "~/utils/form-result.server";
import { submitContactMessage } from "~/utils/contact.server";
import { clientHintsOf, createFormStamp } from "~/utils/honeypot.server";
import { clientIp } from "~/utils/request.server";
import { siteTitle } from "~/utils/page-title";
import { getToast, redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta(
    siteTitle("Contact", siteName(profileFromMatches(matches))),
    "Send me a message: I read every one and answer by email.",
    { matches, location },
  );

/** The form's stamp is per page view: the page itself is never stored by a browser or a CDN. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  // After a message is sent the action redirects here with a one-time flash (post/redirect/get:
  // reloading this page sends nothing again). The layout's loader reads the same flash and
  // clears its cookie; an inline one is shown here, above the emptied form, not as a toast.
  const [profile, { toast }] = await Promise.all([getProfile(), getToast(request)]);
  const sent = toast?.inline ? { title: toast.title, text: toast.text ?? "" } : null;
  return json(
    {
      email: profile?.email ?? "",
      number: profile?.number ?? "",
      address: profile?.address ?? "",
      stamp: createFormStamp(),
      sent,
    },
    // The stamp is per page view: never cache this page.
    { headers: { "Cache-Control": "no-store" } },
  );
}

const NOT_SENT = "Your message was not sent.";
export const SENT_TITLE = "Thank you! Your message has been sent.";
const SENT_TEXT = "I will read it soon and reply to you by email.";
const ALREADY_SENT = "This message was already sent.";
/** The spam traps are never sent back. */
const HIDDEN = [HONEYPOT_FIELD, FORM_STARTED_FIELD];

export async function action({ request }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    if (!(error instanceof BodyRefused)) throw error;
    return formResult(typedSubmission(error.status === 413 ? partialForm(error) : {}), {
      title: NOT_SENT,
      text:
        error.status === 413
          ? `${error.message} Please shorten your message.`
          : "The form could not be read. Please try again.",
      status: error.status,
      hideFields: HIDDEN,
    });
  }
  // What was typed comes back with every refusal; the rules are submitContactMessage's, shared
  // with POST /sendmail.
  const typed = typedSubmission(form);
  const input: Record<string, unknown> = {};
  for (const key of [...CONTACT_FIELDS, HONEYPOT_FIELD, FORM_STARTED_FIELD]) {
    const value = form.get(key);
    if (value !== null) input[key] = typeof value === "string" ? value : "";
  }
  let result: Awaited<ReturnType<typeof submitContactMessage>>;
  try {
    result = await submitContactMessage(input, {
      ip: clientIp(request),
      source: "form",
      hints: clientHintsOf(request),
    });
  } catch (error) {
    // Our fault (e.g. the database is unavailable): say so, and keep what the visitor typed.
    console.error("Contact form: the message could not be stored", error);
    return formResult(typed, {
      title: NOT_SENT,
      text: "Something went wrong on our side. Please try again in a moment.",
      status: 503,
      hideFields: HIDDEN,
    });
  }
  if (result.ok) {
    // Sent: see it on a fresh GET of the page (an empty form, the thank-you above it), so a
    // reload or Back never posts the message again.
    return redirectWithToast(
      "/contact",
      { type: "success", title: SENT_TITLE, text: SENT_TEXT, inline: true },
      { status: 303 },
    );
  }
  const duplicate = result.status === 409;
  return formResult(typed, {
    title: duplicate ? ALREADY_SENT : NOT_SENT,
    kind: duplicate ? "info" : "error",
    text: result.error,
    fieldErrors: result.fieldErrors,
    status: result.status,
    hideFields: HIDDEN,
    headers: result.retryAfterSeconds
      ? { "Retry-After": String(result.retryAfterSeconds) }
      : undefined,
  });
}

const resultTone = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900 focus:outline-emerald-600",
  info: "border-sky-300 bg-sky-50 text-sky-900 focus:outline-sky-600",
  warning: "border-amber-300 bg-amber-50 text-amber-900 focus:outline-amber-600",
  error: "border-red-300 bg-red-50 text-red-900 focus:outline-red-600",
} as const;

/**
 * The form's result at the top of the page, so it is seen without scrolling on any screen. A
 * fresh page (no JS, or after the redirect) focuses it on load (`autoFocus`; it is in view, so
 * nothing scrolls); the enhancement script focuses it when it puts the answer in place.
 */
function ContactResult({
  kind,
  title,
  text,
}: {
  kind: keyof typeof resultTone;
  title: string;
  text: string;
}) {
  const ok = kind === "success";
  return (
    <div
      tabIndex={-1}
      // The answer to the visitor's own submit: focused on load (no JS, or after the redirect).
      autoFocus
      data-result=""
      role={ok ? "status" : "alert"}
      data-testid="contact-result"
      data-ok={ok ? "true" : "false"}
      className={`mb-8 rounded-lg border p-4 focus:outline-2 focus:outline-offset-2 ${resultTone[kind]}`}
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{text}</p>
    </div>
  );
}

function InfoCard({
  label,
  icon,
  children,
}: {
  label: string;
  icon: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <span
        aria-hidden="true"
        className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-brand-50 text-xl text-brand-700"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-500">{label}</p>
        <p className="mt-1 break-words text-slate-900">{children}</p>
      </div>
    </li>
  );
}

export default function ContactPage() {
  const { email, number, address, stamp, sent } = useLoaderData<typeof loader>();
  // The answer to the form's POST (a refusal: a sent message redirects to `sent`): the plain
  // one, or the same page fetched by the enhancement script (app/enhance/replace-form.ts),
  // which puts this page's #contact-form-section in place of its own and focuses the result.
  const result = useFormResult();
  const [form, fields] = useSchemaForm({
    id: "contact",
    schema: contactSchema,
    lastResult: result,
  });
  const hasInfo = Boolean(email || number || address);

  return (
    <div className="mx-auto max-w-6xl px-4 pt-28 pb-16 sm:px-6">
      <header className="mb-10 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Contact Me</h1>
        <p className="mt-3 text-lg text-slate-600">
          Have a project in mind or a question? Send me a message.
        </p>
      </header>
      <div id="contact-form-section">
        {result?.dialog?.kind === "error" && fieldMessagesOf(result.error).length > 0 ? (
          // Refused for its fields: the summary names each, linked to its field.
          <div className="mb-8">
            <ErrorSummary
              id="contact-errors"
              errors={result.error}
              answer={result}
              title={result.dialog.title}
              idOf={(name) => fields[name as keyof typeof fields]?.id}
            />
          </div>
        ) : result?.dialog ? (
          <ContactResult
            kind={result.dialog.kind}
            title={result.dialog.title}
            text={result.dialog.text}
          />
        ) : sent ? (
          <ContactResult kind="success" title={sent.title} text={sent.text} />
        ) : null}
        <div className={`grid gap-8 ${hasInfo ? "lg:grid-cols-[1fr_2fr]" : ""}`}>
          {hasInfo ? (
            <ul aria-label="Contact details" className="flex flex-col gap-4">
              {email ? (
                <InfoCard label="Email" icon="✉">
                  <a href={`mailto:${email}`} className="text-brand-700 hover:underline">
                    {email}
                  </a>
                </InfoCard>
              ) : null}
              {number ? (
                <InfoCard label="Phone" icon="☎">
                  <a
                    href={`tel:${number.replace(/[^\d+]/g, "")}`}
                    className="text-brand-700 hover:underline"
                  >
                    {number}
                  </a>
                </InfoCard>
              ) : null}
              {address ? (
                <InfoCard label="Address" icon="⌂">
                  {address}
                </InfoCard>
              ) : null}
            </ul>
          ) : null}
          <section
            aria-labelledby="contact-form-title"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <h2 id="contact-form-title" className="mb-6 text-xl font-semibold text-slate-900">
              Send a message
            </h2>
            <form
              method="post"
              action="/contact"
              className="flex flex-col gap-5"
              data-replace="contact-form-section"
              {...getFormProps(form)}
            >
              <input type="hidden" name={FORM_STARTED_FIELD} value={stamp} />
              {/* A field people never see: bots fill it in. */}
              <div
                aria-hidden="true"
                className="absolute -left-[10000px] h-px w-px overflow-hidden"
              >
                <label htmlFor="contact-website">Leave this field empty</label>
                <input
                  id="contact-website"
                  type="text"
                  name={HONEYPOT_FIELD}
                  tabIndex={-1}
                  autoComplete="off"
                  defaultValue=""
                />
              </div>
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  label="Name"
                  required
                  maxLength={CONTACT_LIMITS.name}
                  autoComplete="name"
                  {...fieldProps(fields.name)}
                />
                <TextField
                  label="Email"
                  type="email"
                  required
                  maxLength={CONTACT_LIMITS.email}
                  autoComplete="email"
                  {...fieldProps(fields.email)}
                />
              </div>
              <TextField
                label="Subject"
                required
                maxLength={CONTACT_LIMITS.subject}
                {...fieldProps(fields.subject)}
              />
              <TextAreaField
                label="Message"
                rows={5}
                required
                maxLength={CONTACT_LIMITS.message}
                {...fieldProps(fields.message)}
              />
              <div>
                <button
                  type="submit"
                  className={`${buttonClass.primary} w-full sm:w-auto`}
                  data-busy-label="Sending..."
                >
                  Send Message
                </button>
              </div>
            </form>
          </section>
        </div>
      </div>
    </div>
  );
}
