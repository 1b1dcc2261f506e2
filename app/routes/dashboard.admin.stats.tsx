// The owner's Statistics screen: visits and unique visitors per day for 7, 30 or 90 days (a chart
// drawn on the server as SVG, and the same figures as a table), the top pages, projects and
// referring sites, how long the counts are kept, and the notice for the owner's privacy page.
// Everything works without JavaScript: the period is a link, the retention a plain form.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import {
  TopPagesTable,
  TopProjectsTable,
  TopReferrersTable,
  VisitsTable,
} from "~/components/admin/stats-tables";
import { formatCount, VisitsChart } from "~/components/admin/visits-chart";
import { buttonClass } from "~/components/dialog";
import { fieldProps, TextField } from "~/components/form";
import { FormResultMessage, useFormResult, useSchemaForm } from "~/components/form-result";
import { getRetentionMonths, setRetentionMonths } from "~/models/setting.server";
import { visitStats } from "~/models/visit.server";
import { requireOwner } from "~/utils/auth.server";
import { flushPageViews } from "~/utils/page-views.server";
import { pruneOldVisits } from "~/utils/visit-retention-job.server";
import { formResult, parseSubmission } from "~/utils/form-result.server";
import { dashboardMeta } from "~/utils/page-title";
import { redirectWithToast } from "~/utils/toast.server";
import {
  privacyNotice,
  RETENTION_MONTHS_MAX,
  RETENTION_MONTHS_MIN,
  retentionSchema,
  STATS_RANGES,
  statsRangeOf,
  statsUrlOf,
} from "~/utils/visit-stats";

export const meta: MetaFunction = () => dashboardMeta("Statistics");

const RETENTION_FORM = "retention";
const RETENTION_FAILED = "The visit counts' retention was not saved.";

const periodOf = (request: Request) => statsRangeOf(new URL(request.url).searchParams.get("days"));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const days = periodOf(request);
  // The views still in memory first: the owner sees every visit counted so far.
  await flushPageViews();
  const [stats, months] = await Promise.all([visitStats(days), getRetentionMonths()]);
  return json({ days, stats, months, notice: privacyNotice(months) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireOwner(request);
  const read = await parseSubmission(request, retentionSchema);
  if (!read.ok) {
    const { submission, refused } = read;
    const unknownIntent = submission.status === "error" && Boolean(submission.error?.intent);
    return formResult(submission, {
      text: refused?.text ?? (unknownIntent ? "Unknown action." : RETENTION_FAILED),
      status: refused?.status ?? 400,
      formId: RETENTION_FORM,
    });
  }
  const { months } = read.submission.value;
  await setRetentionMonths(months);
  const deleted = await pruneOldVisits();
  return redirectWithToast(statsUrlOf(periodOf(request)), {
    type: "success",
    title: "Saved",
    text:
      `Visit counts are kept for ${months} month${months === 1 ? "" : "s"}.` +
      (deleted > 0 ? ` ${formatCount(deleted)} older counts were deleted.` : ""),
  });
}

function PeriodSwitch({ days }: { days: number }) {
  return (
    <nav aria-label="Period" className="mb-5">
      <ul className="inline-flex overflow-hidden rounded-lg border border-slate-300 text-sm">
        {STATS_RANGES.map((range) => {
          const current = range === days;
          return (
            <li key={range} className="border-l border-slate-300 first:border-l-0">
              <Link
                to={statsUrlOf(range)}
                aria-current={current ? "page" : undefined}
                className={`block px-4 py-2 font-medium ${
                  current ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
                }`}
              >
                {`${range} days`}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Totals({ visits, visitors }: { visits: number; visitors: number }) {
  const box = "rounded-xl border border-slate-200 p-4";
  return (
    <div className="mb-6">
      <dl className="grid grid-cols-2 gap-3 sm:max-w-md" data-testid="stats-totals">
        <div className={box}>
          <dt className="text-sm text-slate-600">Visits</dt>
          <dd className="text-2xl font-semibold text-slate-900" data-testid="total-visits">
            {formatCount(visits)}
          </dd>
        </div>
        <div className={box}>
          <dt className="text-sm text-slate-600">Unique visitors</dt>
          <dd className="text-2xl font-semibold text-slate-900" data-testid="total-visitors">
            {formatCount(visitors)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        Unique visitors are counted per day: someone who comes back on another day counts again (as
        with Plausible&apos;s daily hashes, nobody is followed from one day to the next).
      </p>
    </div>
  );
}

function RetentionForm({ months, notice }: { months: number; notice: string }) {
  const result = useFormResult(RETENTION_FORM);
  const [form, fields] = useSchemaForm({
    id: RETENTION_FORM,
    schema: retentionSchema,
    lastResult: result,
    defaultValue: { intent: "retention", months: String(months) },
  });
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "retention";
  // What was typed after a refusal, else the saved value (also right after a save: the loader's).
  const monthsField = {
    ...fieldProps(fields.months),
    ...(result ? {} : { defaultValue: String(months) }),
  };
  return (
    <section aria-labelledby="retention-title" className="mt-8 flex flex-col gap-3">
      <h3 id="retention-title" className="text-lg font-semibold text-slate-900">
        Retention and privacy
      </h3>
      <FormResultMessage result={result} form={form} />
      <Form method="post" className="flex flex-col gap-3 sm:max-w-md" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="retention" />
        <TextField
          label="Keep visit counts for (months)"
          inputMode="numeric"
          required
          hint={`A whole number from ${RETENTION_MONTHS_MIN} to ${RETENTION_MONTHS_MAX}. Older counts are deleted when you save and every day after.`}
          {...monthsField}
          key={`${monthsField.defaultValue}-${months}`}
        />
        <div>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? "Saving..." : "Save"}
          </button>
        </div>
      </Form>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="privacy-notice" className="text-sm font-medium text-slate-700">
          Notice for your privacy page
        </label>
        <textarea
          id="privacy-notice"
          readOnly
          rows={5}
          value={notice}
          aria-describedby="privacy-notice-hint"
          className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-900"
          data-testid="privacy-notice"
        />
        <p id="privacy-notice-hint" className="text-xs text-slate-600">
          Copy this sentence to the page where you explain what your site collects.
        </p>
      </div>
    </section>
  );
}

export default function StatisticsScreen() {
  const { days, stats, months, notice } = useLoaderData<typeof loader>();
  const title = `Visits and unique visitors per day, last ${days} days`;
  const empty = stats.totals.visits === 0;
  return (
    <AdminPage
      title="Statistics"
      description="Who visits your site, counted without cookies and without personal data."
    >
      <PeriodSwitch days={days} />
      {empty ? (
        <div
          className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600"
          data-testid="stats-empty"
        >
          <p className="font-semibold text-slate-900">No visits in the last {days} days yet.</p>
          <p className="mt-2 text-sm">
            Visits appear here within seconds of a page view. Your own visits while signed in, bots,
            and browsers that send Do Not Track or Global Privacy Control are not counted.
          </p>
        </div>
      ) : (
        <>
          <Totals visits={stats.totals.visits} visitors={stats.totals.visitors} />
          <VisitsChart daily={stats.daily} title={title} />
          <details className="mt-3" data-testid="daily-details">
            <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">
              Show as table
            </summary>
            <div className="mt-2">
              <VisitsTable daily={stats.daily} caption={title} />
            </div>
          </details>
          <div className="mt-8 grid gap-8 xl:grid-cols-2">
            <TopPagesTable rows={stats.topPages} />
            <TopProjectsTable rows={stats.topProjects} />
            <TopReferrersTable rows={stats.topReferrers} />
          </div>
        </>
      )}
      <RetentionForm months={months} notice={notice} />
    </AdminPage>
  );
}
