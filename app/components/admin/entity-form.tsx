import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ZodTypeAny } from "zod";
import { buttonClass } from "~/components/dialog";
import { SelectField, TextAreaField, TextField } from "~/components/form";
import { FormResultMessage, useFormResult, useSchemaForm } from "~/components/form-result";
import { ServiceIcon } from "~/components/service-icon";
import { UnsavedChanges } from "~/components/unsaved-changes";
import { MARKDOWN_HINT, MarkdownPreview } from "~/components/markdown";
import { PREVIEW_INTENT, type FieldOption, type FieldSpec } from "~/entities/form-fields";

export type { FieldOption, FieldSpec };

export type FieldValues = Record<string, string | number | null | undefined>;

function RadioGroup({ field, meta }: { field: FieldSpec; meta: FieldMetadata<string> }) {
  const error = meta.errors?.[0];
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? meta.errorId : undefined}
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
              name={meta.name}
              value={option.value}
              defaultChecked={meta.initialValue === option.value}
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
        <p id={meta.errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Renders one declared field from its Conform metadata: the value typed before a refusal (else
 * the record's), its error beside it with aria-invalid / aria-describedby. A `wide` field spans
 * both columns of a two-column grid. A `markdown` field says so in its hint and, after the
 * form's Preview button, shows `preview` (its rendered HTML) under it.
 */
export function Field({
  field,
  meta,
  preview,
}: {
  field: FieldSpec;
  meta: FieldMetadata<string>;
  /** The rendered preview of a Markdown field ('' when empty); none shown when undefined. */
  preview?: string;
}) {
  if (field.wide)
    return (
      <div className="md:col-span-2">
        <Field field={{ ...field, wide: false }} meta={meta} preview={preview} />
      </div>
    );
  if (!field.markdown) return <FieldInput field={field} meta={meta} />;
  // (the same element tree with and without a preview: the typed text's input stays mounted)
  return (
    <div className="flex flex-col gap-2">
      <FieldInput field={field} meta={meta} />
      {preview !== undefined ? (
        <MarkdownPreview id={meta.id} label={field.label} html={preview} />
      ) : null}
    </div>
  );
}

function FieldInput({ field, meta }: { field: FieldSpec; meta: FieldMetadata<string> }) {
  const error = meta.errors?.[0];
  const common = {
    id: meta.id,
    label: field.label,
    name: meta.name,
    error,
    hint: field.markdown ? [field.hint, MARKDOWN_HINT].filter(Boolean).join(" ") : field.hint,
    required: field.required,
    placeholder: field.placeholder,
    defaultValue: meta.initialValue ?? "",
  };
  switch (field.kind ?? "text") {
    case "textarea":
      return (
        <TextAreaField
          key={meta.key}
          {...common}
          maxLength={field.maxLength}
          rows={field.rows ?? 4}
        />
      );
    case "select":
      return (
        <SelectField
          key={meta.key}
          {...common}
          options={field.options ?? []}
          placeholder={field.placeholder ?? "Select..."}
        />
      );
    case "radio":
      return <RadioGroup key={meta.key} field={field} meta={meta} />;
    default:
      return (
        <TextField
          key={meta.key}
          {...common}
          type={field.type ?? "text"}
          maxLength={field.maxLength}
          autoComplete={field.autoComplete === false ? undefined : (field.autoComplete ?? "off")}
          inputMode={field.inputMode}
          min={field.min}
          step={field.step}
        />
      );
  }
}

/** Whether this page's form is being submitted (for the pending button label). */
export function useSubmitting(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
}

/** Whether this page's form is being sent by its Preview button. */
export function usePreviewing(): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formData?.get(PREVIEW_INTENT.name) === PREVIEW_INTENT.value
  );
}

/**
 * The Preview button of a form with Markdown fields: posts the form (no browser checks), the
 * action renders the Markdown fields and saves nothing (docs/markdown.md). Works without
 * JavaScript; with it, a Remix submission (no reload).
 */
export function PreviewButton({ disabled = false }: { disabled?: boolean }) {
  const previewing = usePreviewing();
  return (
    <button
      type="submit"
      name={PREVIEW_INTENT.name}
      value={PREVIEW_INTENT.value}
      formNoValidate
      className={buttonClass.secondary}
      disabled={disabled}
    >
      {previewing ? "Previewing..." : "Preview"}
    </button>
  );
}

/** Values of a record as a form's defaults (null and undefined show as empty fields). */
function defaultsOf(values: FieldValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    out[name] = value === null || value === undefined ? "" : String(value);
  }
  return out;
}

/**
 * An add or edit form from declared fields, on Conform: the schema checks each field in the
 * browser (on blur, again as you type) and on the server; field messages next to fields, what was
 * typed kept after a refusal (with and without JavaScript), the result dialog, a submit button
 * with a pending label, an optional Cancel. `children` are rendered after the declared fields.
 */
export function EntityForm({
  fields,
  schema,
  defaults = {},
  submitLabel,
  pendingLabel = "Saving...",
  cancelHref,
  encType,
  children,
}: {
  fields: FieldSpec[];
  schema: ZodTypeAny;
  defaults?: FieldValues;
  submitLabel: string;
  pendingLabel?: string;
  cancelHref?: string;
  encType?: "multipart/form-data" | "application/x-www-form-urlencoded";
  children?: ReactNode;
}) {
  const lastResult = useFormResult();
  const submitting = useSubmitting();
  const previewing = usePreviewing();
  const previews = lastResult?.previews;
  const [form, metas] = useSchemaForm({ schema, lastResult, defaultValue: defaultsOf(defaults) });
  return (
    <>
      <FormResultMessage result={lastResult} form={form} />
      <UnsavedChanges forms={`form[id="${form.id}"]`} />
      <Form method="post" encType={encType} className="flex flex-col gap-4" {...getFormProps(form)}>
        {fields.map((field) => (
          <Field
            key={field.name}
            field={field}
            meta={metas[field.name]}
            preview={previews?.[field.name]}
          />
        ))}
        {children}
        <div className="mt-2 flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.primary} disabled={submitting}>
            {submitting && !previewing ? pendingLabel : submitLabel}
          </button>
          {fields.some((field) => field.markdown) ? <PreviewButton disabled={submitting} /> : null}
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
