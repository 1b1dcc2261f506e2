import { pageMeta, profileFromMatches, siteName } from "~/components/site/site-data";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClass } from "~/components/dialog";
import { TextAreaField, TextField } from "~/components/form";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  FORM_STARTED_FIELD,
  HONEYPOT_FIELD,
} from "~/entities/message";
import { getProfile } from "~/models/profile.server";
import { BodyRefused, bodyRefusedInit, partialForm, readForm } from "~/utils/body.server";
import { submitContactMessage } from "~/utils/contact.server";
import { createFormStamp } from "~/utils/honeypot.server";
import { clientIp } from "~/utils/request.server";

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta(
    `Contact | ${siteName(profileFromMatches(matches))}`,
    "Send me a message: I read every one and answer by email.",
    { matches, location },
  );

export async function loader() {
  const profile = await getProfile();
  return json(
    {
      email: profile?.email ?? "",
      number: profile?.number ?? "",
      address: profile?.address ?? "",
      stamp: createFormStamp(),
    },
    // The stamp is per page view: never cache this page.
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Values = Record<(typeof CONTACT_FIELDS)[number], string>;
type ActionData =
  | { ok: true; title: string; text: string; sentAt: number }
  | {
      ok: false;
      title: string;
      text: string;
      fieldErrors: Record<string, string>;
      values: Values;
    };

function submittedValues(form: FormData | null): Values {
  const text = (name: string) => {
    const v = form?.get(name);
    return typeof v === "string" ? v.slice(0, CONTACT_LIMITS.message * 2) : "";
  };
  return {
    name: text("name"),
    email: text("email"),
    subject: text("subject"),
    message: text("message"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    if (!(error instanceof BodyRefused)) throw error;
    return json<ActionData>(
      {
        ok: false,
        title: "Your message was not sent.",
        text:
          error.status === 413
            ? `${error.message} Please shorten your message.`
            : "The form could not be read. Please try again.",
        fieldErrors: {},
        values: submittedValues(error.status === 413 ? partialForm(error) : null),
      },
      bodyRefusedInit(error),
    );
  }
  const input: Record<string, unknown> = {};
  for (const key of [...CONTACT_FIELDS, HONEYPOT_FIELD, FORM_STARTED_FIELD]) {
    const value = form.get(key);
    if (value !== null) input[key] = typeof value === "string" ? value : "";
  }
  let result: Awaited<ReturnType<typeof submitContactMessage>>;
  try {
    result = await submitContactMessage(input, { ip: clientIp(request), source: "form" });
  } catch (error) {
    // Our fault (e.g. the database is unavailable): say so, and keep what the visitor typed.
    console.error("Contact form: the message could not be stored", error);
    return json<ActionData>(
      {
        ok: false,
        title: "Your message was not sent.",
        text: "Something went wrong on our side. Please try again in a moment.",
        fieldErrors: {},
        values: submittedValues(form),
      },
      { status: 503 },
    );
  }
  if (result.ok) {
    return json<ActionData>({
      ok: true,
      title: "Thank you! Your message has been sent.",
      text: "I will read it soon and reply to you by email.",
      sentAt: Date.now(),
    });
  }
  return json<ActionData>(
    {
      ok: false,
      title: "Your message was not sent.",
      text: result.error,
      fieldErrors: result.fieldErrors ?? {},
      values: submittedValues(form),
    },
    {
      status: result.status,
      headers: result.retryAfterSeconds
        ? { "Retry-After": String(result.retryAfterSeconds) }
        : undefined,
    },
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
  const { email, number, address, stamp } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data ?? actionData;
  const busy = fetcher.state === "submitting";
  const resultRef = useRef<HTMLDivElement>(null);

  // With JavaScript: once an answer arrives, move focus to it so it is read out.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) resultRef.current?.focus();
  }, [fetcher.state, fetcher.data]);

  const failed = result && !result.ok ? result : null;
  const errors = failed?.fieldErrors ?? {};
  const values = failed?.values;
  // A new key after each success mounts an empty form; after a failure the typed text stays.
  const formKey = result?.ok ? `sent-${result.sentAt}` : "form";
  const hasInfo = Boolean(email || number || address);

  return (
    <div className="mx-auto max-w-6xl px-4 pt-28 pb-16 sm:px-6">
      <header className="mb-10 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Contact Me</h1>
        <p className="mt-3 text-lg text-slate-600">
          Have a project in mind or a question? Send me a message.
        </p>
      </header>
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
          {result ? (
            <div
              ref={resultRef}
              tabIndex={-1}
              role={result.ok ? "status" : "alert"}
              data-testid="contact-result"
              data-ok={result.ok ? "true" : "false"}
              className={`mb-6 rounded-lg border p-4 focus:outline-2 focus:outline-offset-2 ${
                result.ok
                  ? "border-emerald-300 bg-emerald-50 text-emerald-900 focus:outline-emerald-600"
                  : "border-red-300 bg-red-50 text-red-900 focus:outline-red-600"
              }`}
            >
              <p className="font-semibold">{result.title}</p>
              <p className="mt-1 text-sm">{result.text}</p>
            </div>
          ) : null}
          <fetcher.Form
            key={formKey}
            method="post"
            action="/contact"
            className="flex flex-col gap-5"
            aria-busy={busy || undefined}
          >
            <input type="hidden" name={FORM_STARTED_FIELD} value={stamp} />
            {/* A field people never see: bots fill it in. */}
            <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
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
                name="name"
                required
                maxLength={CONTACT_LIMITS.name}
                autoComplete="name"
                defaultValue={values?.name ?? ""}
                error={errors.name}
              />
              <TextField
                label="Email"
                name="email"
                type="email"
                required
                maxLength={CONTACT_LIMITS.email}
                autoComplete="email"
                defaultValue={values?.email ?? ""}
                error={errors.email}
              />
            </div>
            <TextField
              label="Subject"
              name="subject"
              required
              maxLength={CONTACT_LIMITS.subject}
              defaultValue={values?.subject ?? ""}
              error={errors.subject}
            />
            <TextAreaField
              label="Message"
              name="message"
              rows={5}
              required
              maxLength={CONTACT_LIMITS.message}
              defaultValue={values?.message ?? ""}
              error={errors.message}
            />
            <div>
              <button
                type="submit"
                className={`${buttonClass.primary} w-full sm:w-auto`}
                disabled={busy}
              >
                {busy ? "Sending..." : "Send Message"}
              </button>
            </div>
          </fetcher.Form>
        </section>
      </div>
    </div>
  );
}
