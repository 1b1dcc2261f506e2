// The form field metadata of an entity's admin screens: declared in its module (app/entities/
// <name>.ts) next to its zod schema, rendered by components/admin/entity-form.tsx. Plain data,
// no React: an option's icon is a ServiceIcon name the form draws.

export type FieldOption = {
  value: string;
  label: string;
  /** A ServiceIcon name (components/service-icon.tsx) drawn beside the label. */
  icon?: string;
};

/** One form field: its input kind, label, limits and help text. */
export type FieldSpec = {
  name: string;
  label: string;
  kind?: "text" | "textarea" | "select" | "radio";
  /** The input's type for text fields (email, url, date, ...). */
  type?: string;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  /** Help text under the field (hidden while it shows an error). */
  hint?: string;
  rows?: number;
  options?: FieldOption[];
  /** The input's autocomplete; "off" when absent, no attribute at all when false. */
  autoComplete?: string | false;
  /** Number inputs: the keyboard to offer, the lowest value and the step. */
  inputMode?: "decimal" | "numeric";
  min?: number;
  step?: string;
  /** Spans both columns of a two-column form. */
  wide?: boolean;
  /** The titled group (fieldset) of a form in sections the field belongs to. */
  section?: string;
  /**
   * A long text written in Markdown (docs/markdown.md): the form shows the Markdown hint, a
   * Preview button, and the rendered preview under the field after it.
   */
  markdown?: boolean;
};

/** The names of a form's Markdown fields (what its Preview renders). */
export const markdownFieldsOf = (fields: FieldSpec[]): string[] =>
  fields.filter((field) => field.markdown).map((field) => field.name);

/** The submit button's `name`/`value` of the Preview: renders, saves nothing. */
export const PREVIEW_INTENT = { name: "intent", value: "preview" } as const;
