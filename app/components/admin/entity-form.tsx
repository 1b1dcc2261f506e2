import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { buttonClass, MessageDialog, type DialogKind } from "~/components/dialog";
import { SelectField, TextAreaField, TextField } from "~/components/form";
import { ServiceIcon } from "~/components/service-icon";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * What an admin form action answers when it does not redirect: a refused submission ('error',
 * 400, with the field messages and everything typed) or a notice ('info', e.g. 'No Changes Made').
 * Built on the server by `formError` / `formNotice` in app/utils/admin.server.ts.
 */
import type { FormResult } from "~/entities/entity";
import type { FieldOption, FieldSpec } from "~/entities/form-fields";

export type { FormResult };

export type { FieldOption, FieldSpec };

export type FieldValues = Record<string, string | number | null | undefined>;

// Every answer of an action is a new object: keying the dialog on it reopens the dialog even when
// the same refusal comes back twice in a row (same title and text).
const answerIds = new WeakMap<object, number>();
let lastAnswerId = 0;
function submissionId(answer: object): number {
  let id = answerIds.get(answer);
  if (id === undefined) {
    id = ++lastAnswerId;
    answerIds.set(answer, id);
  }
  return id;
}

/**
 * The result of the last submission: with JavaScript the spec's modal dialog ('Error!', 'No
 * Changes Made'); without it the same title and text inline above the form.
 */
export function ResultMessage({
  result,
}: {
  result: Pick<FormResult, "status" | "title" | "text">;
}) {
  const hydrated = useHydrated();
  const kind: DialogKind = result.status === "error" ? "error" : "info";
  if (hydrated) {
    return (
      <MessageDialog
        key={submissionId(result)}
        kind={kind}
        title={result.title}
        text={result.text}
      />
    );
  }
  return (
    <div
      role={result.status === "error" ? "alert" : "status"}
      data-testid="form-result"
      className={`mb-4 rounded-lg border p-3 ${
        result.status === "error"
          ? "border-red-300 bg-red-50 text-red-900"
          : "border-sky-300 bg-sky-50 text-sky-900"
      }`}
    >
      <p className="font-semibold">{result.title}</p>
      <p className="text-sm">{result.text}</p>
    </div>
  );
}

function RadioGroup({ field, value, error }: { field: FieldSpec; value: string; error?: string }) {
  const id = useId();
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{field.label}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {field.options?.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
          >
            <input
              type="radio"
              name={field.name}
              value={option.value}
              defaultChecked={value === option.value}
              required={field.required}
              className="accent-brand-600"
            />
            {option.icon ? (
              <span className="text-brand-700">
                <ServiceIcon name={option.icon} className="h-5 w-5" />
              </span>
            ) : null}
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {field.hint && !error ? <p className="text-xs text-slate-500">{field.hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Renders one declared field with its value (what was typed, else the record's) and error. */
export function Field({
  field,
  value,
  error,
}: {
  field: FieldSpec;
  value: string;
  error?: string;
}) {
  const common = {
    label: field.label,
    name: field.name,
    error,
    hint: field.hint,
    required: field.required,
    placeholder: field.placeholder,
  };
  switch (field.kind ?? "text") {
    case "textarea":
      return (
        <TextAreaField
          {...common}
          defaultValue={value}
          maxLength={field.maxLength}
          rows={field.rows ?? 4}
        />
      );
    case "select":
      return (
        <SelectField
          {...common}
          defaultValue={value}
          options={field.options ?? []}
          placeholder={field.placeholder ?? "Select..."}
        />
      );
    case "radio":
      return <RadioGroup field={field} value={value} error={error} />;
    default:
      return (
        <TextField
          {...common}
          type={field.type ?? "text"}
          defaultValue={value}
          maxLength={field.maxLength}
          autoComplete={field.autoComplete ?? "off"}
        />
      );
  }
}

/** The current submission's result, if the route's action answered one. */
export function useFormResult(): FormResult | undefined {
  return useActionData() as FormResult | undefined;
}

/** Whether this page's form is being submitted (for the pending button label). */
export function useSubmitting(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
}

/**
 * An add or edit form from declared fields: field messages next to fields, what was typed kept
 * after a refusal, the result dialog, a submit button with a pending label, an optional Cancel.
 * `children` are rendered after the declared fields (custom inputs such as files).
 */
export function EntityForm({
  fields,
  defaults = {},
  submitLabel,
  pendingLabel = "Saving...",
  cancelHref,
  encType,
  children,
}: {
  fields: FieldSpec[];
  defaults?: FieldValues;
  submitLabel: string;
  pendingLabel?: string;
  cancelHref?: string;
  encType?: "multipart/form-data" | "application/x-www-form-urlencoded";
  children?: ReactNode;
}) {
  const result = useFormResult();
  const submitting = useSubmitting();
  const valueOf = (name: string) => {
    const typed = result?.values?.[name];
    if (typed !== undefined) return typed;
    const saved = defaults[name];
    return saved === null || saved === undefined ? "" : String(saved);
  };
  return (
    <>
      {result ? <ResultMessage result={result} /> : null}
      <Form method="post" encType={encType} className="flex flex-col gap-4">
        {fields.map((field) => (
          <Field
            key={field.name}
            field={field}
            value={valueOf(field.name)}
            error={result?.fieldErrors?.[field.name]}
          />
        ))}
        {children}
        <div className="mt-2 flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.primary} disabled={submitting}>
            {submitting ? pendingLabel : submitLabel}
          </button>
          {cancelHref ? (
            <Link to={cancelHref} className={buttonClass.secondary}>
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </>
  );
}
