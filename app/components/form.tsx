import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import { useId } from "react";
import type { FieldMetadata } from "@conform-to/react";

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The props a TextField / TextAreaField / SelectField takes from a Conform field: its id (the
 * error's id is `${id}-error`, as Conform's errorId), name, the value typed before a refusal
 * (else the default) and its first message.
 */
export function fieldProps(meta: FieldMetadata<unknown>) {
  return {
    id: meta.id,
    name: meta.name,
    defaultValue: typeof meta.initialValue === "string" ? meta.initialValue : "",
    error: meta.errors?.[0],
  };
}

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-[invalid=true]:border-red-500";

/** The mark of a required field after its label (its input says `required` to screen readers). */
export function RequiredMark() {
  return (
    <span aria-hidden className="text-red-600">
      {" "}
      *
    </span>
  );
}

function FieldShell({
  id,
  label,
  error,
  hint,
  required,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

type Common = { label: ReactNode; name: string; error?: string; hint?: ReactNode };

/** A labelled input whose error is shown beside it and announced to screen readers. */
export function TextField({
  label,
  name,
  error,
  hint,
  id,
  ...props
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const fieldId = id ?? `${name}-${autoId}`;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={props.required}>
      <input
        id={fieldId}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...props}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  name,
  error,
  hint,
  id,
  ...props
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId();
  const fieldId = id ?? `${name}-${autoId}`;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={props.required}>
      <textarea
        id={fieldId}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...props}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  name,
  error,
  hint,
  id,
  options,
  placeholder,
  ...props
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: Array<{ value: string; label: string }>;
    placeholder?: string;
  }) {
  const autoId = useId();
  const fieldId = id ?? `${name}-${autoId}`;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={props.required}>
      <select
        id={fieldId}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A form-level error box (e.g. the spec's 'Oops...' and 'Error!' messages without JavaScript). */
export function FormAlert({ title, text, id }: { title: string; text?: string; id?: string }) {
  return (
    <div
      id={id}
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900"
      tabIndex={-1}
    >
      <p className="font-semibold">{title}</p>
      {text ? <p className="text-sm">{text}</p> : null}
    </div>
  );
}
