import { useForm, type DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useActionData } from "@remix-run/react";
import type { ZodTypeAny } from "zod";
import { MessageDialog } from "~/components/dialog";
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
      ? ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true })
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
 */
export function ResultMessage({
  dialog,
  answer,
  inline = false,
}: {
  dialog: ResultDialog;
  answer?: object;
  /** Inline also with JavaScript (a form the person goes on typing in, e.g. a code). */
  inline?: boolean;
}) {
  const hydrated = useHydrated();
  if (hydrated && !inline) {
    return (
      <MessageDialog
        key={answerId(answer ?? dialog)}
        kind={dialog.kind}
        title={dialog.title}
        text={dialog.text}
      />
    );
  }
  return (
    <div
      role={dialog.kind === "error" || dialog.kind === "warning" ? "alert" : "status"}
      data-testid="form-result"
      className={`mb-4 rounded-lg border p-3 ${tone[dialog.kind]}`}
    >
      <p className="font-semibold">{dialog.title}</p>
      <p className="text-sm">{dialog.text}</p>
    </div>
  );
}

/** The result message of a form result, if there is one. */
export function FormResultMessage({
  result,
  inline,
}: {
  result: FormResult | undefined;
  inline?: boolean;
}) {
  return result?.dialog ? (
    <ResultMessage dialog={result.dialog} answer={result} inline={inline} />
  ) : null;
}

/** Whether a result names fields (its messages are then shown beside them). */
export function hasFieldErrors(result: FormResult | undefined): boolean {
  return Object.keys(result?.error ?? {}).some((name) => name !== "");
}
