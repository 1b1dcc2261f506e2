import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminPage } from "~/components/admin/admin-page";
import { ImportReportView } from "~/components/admin/import-report";
import { buttonClass } from "~/components/dialog";
import { TextField } from "~/components/form";
import { answerId, FormResultMessage, useFormResult } from "~/components/form-result";
import { UnsavedChanges } from "~/components/unsaved-changes";
import { IMPORT_URL, importFormSchema, type ImportSource } from "~/import/import-form";
import { importFormReader, isImportRefusal, runImport } from "~/import/import-form.server";
import type { TextFile } from "~/import/mongoexport";
import type { ImportReport } from "~/import/types";
import { requireOwner } from "~/utils/auth.server";
import { formResult, parseSubmission } from "~/utils/form-result.server";
import { useHydrated } from "~/utils/use-hydrated";

export const meta: MetaFunction = () => [{ title: "Import | Admin Dashboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return json({});
}

const FORM_IDS: ImportSource[] = ["url", "mongoexport", "resume"];
/** Answers that belong to no form of the page (the body could not be read at all). */
const PAGE_FORM = "page";

const formIdOf = (payload: Record<string, unknown>) => {
  const source = payload.source;
  return FORM_IDS.find((id) => id === source) ?? PAGE_FORM;
};

type ImportAnswer = {
  formId: ImportSource;
  report: ImportReport;
  /** After a Preview of files: the staged snapshot's id, for the Import button. */
  staged?: string;
  url: string;
  replace: boolean;
};

export async function action({ request }: ActionFunctionArgs) {
  await requireOwner(request);
  const files: TextFile[] = [];
  const parsed = await parseSubmission(request, importFormSchema, importFormReader(files));
  const formId = formIdOf(parsed.submission.payload);
  if (!parsed.ok) {
    const errors = parsed.submission.status === "error" ? parsed.submission.error : undefined;
    const first = Object.values(errors ?? {})
      .flat()
      .find((message): message is string => typeof message === "string");
    return formResult(parsed.submission, {
      text: parsed.refused?.text ?? first ?? "The import could not be read.",
      status: parsed.refused?.status ?? 400,
      formId,
    });
  }
  const input = parsed.submission.value;
  try {
    const { report, staged } = await runImport(input, files);
    const answer: ImportAnswer = {
      formId: input.source,
      report,
      ...(staged ? { staged } : {}),
      url: input.url,
      replace: input.replace,
    };
    return json(answer);
  } catch (error) {
    if (isImportRefusal(error)) {
      return formResult(parsed.submission, {
        text: error.message,
        formId,
        fieldErrors: input.source === "url" ? { url: error.message } : undefined,
      });
    }
    console.error("Import failed:", error);
    return formResult(parsed.submission, {
      text: "The import failed on the server: nothing more was written. The server log tells why.",
      status: 500,
      formId,
    });
  }
}

/** The last successful answer of the form `formId`, if the last answer was one. */
function useImportAnswer(formId: ImportSource): ImportAnswer | undefined {
  const data = useActionData<typeof action>();
  if (!data || !("report" in data)) return undefined;
  const answer = data as ImportAnswer;
  return answer.formId === formId ? answer : undefined;
}

function SourceForm({
  source,
  title,
  description,
  children,
}: {
  source: ImportSource;
  title: string;
  description: ReactNode;
  children: (state: { staged?: string; url: string; error?: string }) => ReactNode;
}) {
  const refusal = useFormResult(source);
  const answer = useImportAnswer(source);
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("source") === source
      ? navigation.formData.get("intent")
      : null;
  const typed = (refusal?.initialValue ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof typed[name] === "string" ? (typed[name] as string) : "");
  const url = answer?.url ?? text("url");
  const replace = answer?.replace ?? text("replace") === "on";
  // A refusal keeps the staged preview (if any) so Import still works after a wrong click.
  const staged = answer?.staged ?? (text("staged") || undefined);
  const headingId = `import-${source}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-1 mb-3 text-sm text-slate-600">{description}</p>
      <FormResultMessage result={refusal} />
      <Form
        // A new form for each answer (its values), the same one between answers.
        key={answer || refusal ? answerId(answer ?? refusal!) : "form"}
        method="post"
        action={IMPORT_URL}
        encType="multipart/form-data"
        className="flex flex-col gap-3"
        data-testid={`import-form-${source}`}
        // Lets a test know the buttons' pending state is live.
        data-hydrated={hydrated || undefined}
      >
        <input type="hidden" name="source" value={source} />
        {staged ? <input type="hidden" name="staged" value={staged} /> : null}
        {children({ staged, url, error: refusal?.error?.url?.[0] })}
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="replace"
            defaultChecked={replace}
            className="h-4 w-4 rounded border-slate-300"
          />
          Replace what is there
        </label>
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            name="intent"
            value="preview"
            className={buttonClass.secondary}
            disabled={submitting !== null}
          >
            {submitting === "preview" ? "Previewing…" : "Preview"}
          </button>
          <button
            type="submit"
            name="intent"
            value="import"
            className={buttonClass.primary}
            disabled={submitting !== null}
          >
            {submitting === "import" ? "Importing…" : "Import"}
          </button>
        </div>
      </Form>
      {answer ? (
        <div className="mt-4">
          <ImportReportView report={answer.report} />
        </div>
      ) : null}
    </section>
  );
}

/** Shown once a Preview of files is kept on the server: Import needs no second upload. */
function StagedNote({ staged }: { staged?: string }) {
  return staged ? (
    <p className="text-sm text-slate-700" data-testid="import-staged">
      Import will use what you previewed (kept for an hour): no need to choose it again. Choose a
      file only to import another.
    </p>
  ) : null;
}

export default function ImportPage() {
  const pageRefusal = useFormResult(PAGE_FORM);
  return (
    <AdminPage
      title="Import"
      description="Bring your content over from the old backend, its mongoexport files or a JSON Resume. Preview first: nothing is written until you Import, and a backup is taken before anything changes. Importing again updates what an earlier import brought instead of adding it twice."
      width="narrow"
    >
      <FormResultMessage result={pageRefusal} />
      <UnsavedChanges forms="form[data-testid^='import-form-']" />
      <div className="flex flex-col gap-6">
        <SourceForm
          source="url"
          title="From the old backend"
          description="Its base address: the lists are read (never written) and every image is downloaded."
        >
          {({ url, error }) => (
            <TextField
              label="Old backend address"
              name="url"
              type="url"
              required
              defaultValue={url}
              error={error}
              placeholder="https://api.example.com"
              autoComplete="url"
            />
          )}
        </SourceForm>
        <SourceForm
          source="mongoexport"
          title="From mongoexport files"
          description={
            <>
              The old database's lists as <code>mongoexport --jsonArray</code> wrote them:{" "}
              <code>addskill.json</code>, <code>addcategory.json</code>,{" "}
              <code>addfeather.json</code>, <code>addprotfolio.json</code>,{" "}
              <code>addeducation.json</code>, <code>addexperience.json</code>,{" "}
              <code>adduser.json</code> (see docs/migrate.md).
            </>
          }
        >
          {({ staged }) => (
            <>
              <TextField
                label="mongoexport files"
                name="files"
                type="file"
                multiple
                accept=".json,application/json"
                required={!staged}
              />
              <StagedNote staged={staged} />
            </>
          )}
        </SourceForm>
        <SourceForm
          source="resume"
          title="From a JSON Resume"
          description="A resume.json (jsonresume.org): basics become the profile, work the experience, education the education, the Roles skills the skills and every other skill the categories."
        >
          {({ staged }) => (
            <>
              <TextField
                label="resume.json"
                name="file"
                type="file"
                accept=".json,application/json"
                required={!staged}
              />
              <StagedNote staged={staged} />
            </>
          )}
        </SourceForm>
      </div>
    </AdminPage>
  );
}
