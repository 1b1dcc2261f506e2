import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type TypedResponse } from "@remix-run/node";
import { z } from "zod";
import { ERROR_TITLE } from "~/entities/entity";
import { BodyRefused, partialForm, readForm, TOO_LARGE_HEADERS } from "./body.server";
import type { FormResult, ResultDialog } from "./form-result";
import { PREVIEW_INTENT } from "~/entities/form-fields";
import { markdownPreviews } from "./markdown.server";

/** Names Conform reserves for its own client intents; never part of our forms' data. */
const RESERVED = ["__intent__", "__state__"];

/**
 * Conform's submission of `form` against `schema`. The schema sees the form's strings as typed
 * (no coercion of '' to undefined: the entities' own messages stay the ones shown). A reserved
 * Conform field a client forged (not JSON, a file) is dropped instead of failing the parse.
 */
export function submissionOf<S extends z.ZodTypeAny>(form: FormData, schema: S) {
  const parse = (data: FormData) => parseWithZod(data, { schema, disableAutoCoercion: true });
  try {
    return parse(form);
  } catch (error) {
    if (!RESERVED.some((name) => form.has(name))) throw error;
    const clean = new FormData();
    for (const [name, value] of form) if (!RESERVED.includes(name)) clean.append(name, value);
    return parse(clean);
  }
}

type SubmissionOf<S extends z.ZodTypeAny> = Submission<z.input<S>, string[], z.output<S>>;

const anyFields = z.record(z.unknown());

/**
 * A submission of what was typed, for forms whose rules a model checks itself (the project and
 * profile forms: uploaded files, the category list): its reply carries the values back.
 */
export function typedSubmission(form: FormData | Record<string, string>) {
  const data = form instanceof FormData ? form : new FormData();
  if (!(form instanceof FormData)) for (const [k, v] of Object.entries(form)) data.append(k, v);
  return submissionOf(data, anyFields);
}

export type ParsedSubmission<S extends z.ZodTypeAny> =
  | { ok: true; submission: Extract<SubmissionOf<S>, { status: "success" }>; form: FormData }
  | {
      ok: false;
      submission: SubmissionOf<S>;
      /** Set when the body itself was refused (400/413/415): the status and why. */
      refused?: { status: number; text: string };
    };

/**
 * Reads a form (bounded: see body.server.ts, or `read` for multipart with uploads) and parses it
 * with `schema`. Never throws for client input: a body that cannot be read, is too large or is
 * not a form comes back as a failure with its status and reason and, for a form cut at the cap,
 * what was typed before it.
 */
export async function parseSubmission<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  read: (request: Request) => Promise<FormData> = readForm,
): Promise<ParsedSubmission<S>> {
  let form: FormData;
  try {
    form = await read(request);
  } catch (error) {
    if (!(error instanceof BodyRefused)) throw error;
    const typed = error.status === 413 ? partialForm(error) : new FormData();
    return {
      ok: false,
      submission: submissionOf(typed, schema),
      refused: { status: error.status, text: error.message },
    };
  }
  const submission = submissionOf(form, schema);
  if (submission.status !== "success") return { ok: false, submission };
  // (narrowed above: a successful submission carries the schema's output as `value`)
  return { ok: true, submission, form };
}

type AnySubmission = Pick<Submission<unknown, string[]>, "reply">;

/**
 * THE one builder of every form action's answer that does not redirect (see FormResult): the
 * submission's reply (what was typed, field errors; the dialog text as the form error when it is
 * a refusal) and the dialog (`title` + `text`; none without `text`). 400 unless `status` says
 * otherwise (413 closes the connection). `hideFields` are never sent back (passwords, codes).
 */
export function formResult(
  submission: AnySubmission,
  {
    text,
    title = ERROR_TITLE,
    kind,
    status = 400,
    fieldErrors,
    hideFields,
    formId,
    headers,
    previews,
  }: {
    text?: string;
    title?: string;
    kind?: ResultDialog["kind"];
    status?: number;
    fieldErrors?: Record<string, string | string[] | undefined>;
    hideFields?: string[];
    formId?: string;
    headers?: HeadersInit;
    /** A Preview's rendered Markdown fields (see previewResult). */
    previews?: Record<string, string>;
  },
): TypedResponse<FormResult> {
  const dialogKind = kind ?? (status >= 400 ? "error" : "info");
  const errors = fieldErrors
    ? Object.fromEntries(
        Object.entries(fieldErrors)
          .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
          .map(([name, message]) => [name, Array.isArray(message) ? message : [message]]),
      )
    : undefined;
  const reply = submission.reply({
    ...(text !== undefined && dialogKind === "error" ? { formErrors: [text] } : {}),
    ...(errors ? { fieldErrors: errors } : {}),
    ...(hideFields ? { hideFields } : {}),
  });
  const body: FormResult = {
    ...reply,
    ...(text !== undefined ? { dialog: { kind: dialogKind, title, text } } : {}),
    ...(formId ? { formId } : {}),
    ...(previews ? { previews } : {}),
  };
  const init = new Headers(headers);
  if (status === 413) for (const [k, v] of Object.entries(TOO_LARGE_HEADERS)) init.set(k, v);
  return json(body, { status, headers: init });
}

/** Whether a submitted form is its Preview button's (`intent=preview`). */
export function isPreviewIntent(form: FormData): boolean {
  return form.get(PREVIEW_INTENT.name) === PREVIEW_INTENT.value;
}

/**
 * The answer of a form's Preview button: 200, nothing validated or saved, what was typed kept
 * (as for a refusal: kept uploads included, when `form` is the one `withKeptUploads` gave), no
 * dialog, and the rendered HTML of each of the `markdown` fields (docs/markdown.md).
 */
export function previewResult(form: FormData, markdown: readonly string[]) {
  return formResult(typedSubmission(form), {
    status: 200,
    previews: markdownPreviews(form, markdown),
  });
}
