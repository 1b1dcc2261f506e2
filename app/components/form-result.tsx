import { useForm, type DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useActionData } from "@remix-run/react";
import { useEffect } from "react";
import { z, type ZodTypeAny } from "zod";
import { MessageDialog } from "~/components/dialog";
import { ErrorSummary, fieldMessagesOf, type FieldMessages } from "~/components/error-summary";
import { PREVIEW_INTENT } from "~/entities/form-fields";
import { isFormResult, type FormResult, type ResultDialog } from "~/utils/form-result";
import { useHydrated } from "~/utils/use-hydrated";

// Every answer of an action is a new object: keying the dialog on it reopens the dialog even when
// the same refusal comes back twice in a row (same title and text).
const answerIds = new WeakMap<object, number>();
let lastAnswerId = 0;
/** A number that identifies one answer of an action (for keys that must change per answer). */
export function answerId(answer: object): number {
  let id = answerIds.get(answer);
  if (id === undefined) {
    id = ++lastAnswerId;
    answerIds.set(answer, id);
  }
  return id;
}

/**
 * The route's last form result (see FormResult), for `useForm({ lastResult })`. With `formId`,
 * only the answer of that form of the page (pages with several forms).
 */
export function useFormResult(formId?: string): FormResult | undefined {
  const data = useActionData();
  if (!isFormResult(data)) return undefined;
  if (formId !== undefined && data.formId !== formId) return undefined;
  return data;
}

const anything = z.record(z.unknown());
/**
 * Whether the form was sent by the Markdown Preview button. (Not any `formnovalidate` submitter:
 * Conform validates a field on blur by submitting through a `formnovalidate` button of its own.)
 */
const isPreview = (submitter: HTMLElement | null | undefined) =>
  (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
  submitter.name === PREVIEW_INTENT.name &&
  submitter.value === PREVIEW_INTENT.value;

/**
 * THE form hook of the pipeline: Conform's `useForm` with the house rules. The browser's own
 * checks (required, type) work until JavaScript takes over; then the form's zod schema (the same
 * one the action parses with) checks a field when it is left (`shouldValidate`) and again as it is
 * corrected, and a submit with errors sends nothing. Without `schema` only the server checks
 * (e.g. the project form, whose rules need the database and whose files must not be sent twice).
 */
export function useSchemaForm<Shape extends Record<string, unknown> = Record<string, string>>({
  id,
  schema,
  lastResult,
  defaultValue,
  shouldValidate = "onBlur",
}: {
  id?: string;
  schema?: ZodTypeAny;
  lastResult: FormResult | null | undefined;
  defaultValue?: DefaultValue<Shape>;
  shouldValidate?: "onBlur" | "onSubmit";
}) {
  return useForm<Shape>({
    id,
    lastResult,
    defaultValue,
    defaultNoValidate: false,
    shouldValidate,
    shouldRevalidate: schema ? "onInput" : shouldValidate,
    onValidate: schema
      ? ({ formData, submitter }) =>
          // The Markdown Preview button skips the checks, as the browser does for it (formnovalidate).
          parseWithZod(formData, {
            schema: isPreview(submitter) ? anything : schema,
            disableAutoCoercion: true,
          })
      : undefined,
  });
}

const tone: Record<ResultDialog["kind"], string> = {
  error: "border-red-300 bg-red-50 text-red-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  info: "border-sky-300 bg-sky-50 text-sky-900",
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
};

/**
 * THE way a form's result is shown: with JavaScript the spec's modal dialog ('Error!', 'No
 * Changes Made'), reopened for every new answer; without it (or with `inline`) the same title
 * and text inline above the form. `answer` identifies one answer (the action's data object).
 * `autoFocus`: the inline message of a refusal takes focus as the new document loads (no
 * JavaScript). `onClose`: called when the dialog is closed (e.g. to put focus back in the form).
 */
export function ResultMessage({
  dialog,
  answer,
  inline = false,
  autoFocus = false,
  onClose,
}: {
  dialog: ResultDialog;
  answer?: object;
  /** Inline also with JavaScript (a form the person goes on typing in, e.g. a code). */
  inline?: boolean;
  autoFocus?: boolean;
  onClose?: () => void;
}) {
  const hydrated = useHydrated();
  if (hydrated && !inline) {
    return (
      <MessageDialog
        key={answerId(answer ?? dialog)}
        kind={dialog.kind}
        title={dialog.title}
        text={dialog.text}
        onClose={onClose}
      />
    );
  }
  return (
    <div
      role={dialog.kind === "error" || dialog.kind === "warning" ? "alert" : "status"}
      data-testid="form-result"
      tabIndex={autoFocus ? -1 : undefined}
      autoFocus={autoFocus && !hydrated}
      className={`mb-4 rounded-lg border p-3 focus:outline-2 focus:outline-offset-2 focus:outline-red-600 ${tone[dialog.kind]}`}
    >
      <p className="font-semibold">{dialog.title}</p>
      <p className="text-sm">{dialog.text}</p>
    </div>
  );
}

/** Whether a result names fields (its messages are then shown beside them). */
export function hasFieldErrors(result: FormResult | undefined): boolean {
  return fieldMessagesOf(result?.error).length > 0;
}

/**
 * The result of a form: its dialog (see ResultMessage) and, when the answer refused fields, THE
 * error summary (app/components/error-summary.tsx) that takes focus, JS on and off. Give `form`
 * (Conform's form metadata) and the summary lists the current messages and links each to its
 * field (`${form.id}-${name}`, or `idOf`). A refusal naming no field puts focus, without
 * JavaScript, on its inline message as the page loads and, with it, on `focusAfter` (an element
 * id): when the dialog is closed, or at once when the message is inline. `summary={false}`: a
 * one-field form, whose inline message stands for the summary (with JavaScript Conform puts
 * focus on the refused field), or whose field takes focus itself (`autoFocus`, and `focusAfter`
 * naming it).
 */
export function FormResultMessage({
  result,
  inline = false,
  form,
  idOf,
  focusAfter,
  summary: withSummary = true,
}: {
  result: FormResult | undefined;
  inline?: boolean;
  form?: { id: string; allErrors: FieldMessages };
  idOf?: (name: string) => string | undefined;
  focusAfter?: string;
  summary?: boolean;
}) {
  const hydrated = useHydrated();
  const summary = withSummary && hasFieldErrors(result);
  const refusal = result?.dialog?.kind === "error" || result?.dialog?.kind === "warning";
  const focusTarget = () => (focusAfter ? document.getElementById(focusAfter)?.focus() : undefined);
  useEffect(() => {
    if (hydrated && inline && refusal && !summary) focusTarget();
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  if (!result) return null;
  return (
    <>
      {result.dialog ? (
        <ResultMessage
          dialog={result.dialog}
          answer={result}
          inline={inline}
          autoFocus={refusal && !summary && !(focusAfter && !withSummary)}
          onClose={refusal && !summary ? focusTarget : undefined}
        />
      ) : null}
      {summary ? (
        <div className="mb-4">
          <ErrorSummary
            errors={form?.allErrors ?? result.error}
            answer={result}
            idOf={idOf ?? (form ? (name) => `${form.id}-${name}` : undefined)}
          />
        </div>
      ) : null}
    </>
  );
}
