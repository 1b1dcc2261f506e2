import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { z } from "zod";
import {
  DELETED_TITLE,
  deleteTitleOf,
  ERROR_TITLE,
  NO_CHANGES_TEXT,
  NO_CHANGES_TITLE,
  SOMETHING_WENT_WRONG,
  type AdminEntity,
  type DeleteConfirmData,
} from "~/entities/entity";
import {
  isRefusal,
  type EntityService,
  type Refusal,
  type Removal,
} from "~/entities/entity.server";
import { parseId, type UpdateResult } from "~/entities/fields";
import { requireOwner } from "./auth.server";
import { readForm } from "./body.server";
import { formResult, isPreviewIntent, parseSubmission, previewResult } from "./form-result.server";
import { redirectWithToast } from "./toast.server";

/** A 404 the dashboard's error boundary shows inside the admin chrome. */
export function notFound(entity: Pick<AdminEntity, "noun">): Response {
  return new Response(
    `This ${entity.noun.toLowerCase()} record does not exist. It may have been deleted.`,
    { status: 404, statusText: "Not Found" },
  );
}

/** The record id of the URL (`$id`), or a 404 for anything that is not a positive whole number. */
export function requireId(entity: Pick<AdminEntity, "noun">, value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw notFound(entity);
  return id;
}

/** Loads the URL's record or answers 404. */
export async function requireRecord<T>(
  entity: Pick<AdminEntity, "noun">,
  value: string | undefined,
  find: (id: number) => Promise<T | null>,
): Promise<T> {
  const record = await find(requireId(entity, value));
  if (!record) throw notFound(entity);
  return record;
}

/**
 * The submission, or, for a form with Markdown fields whose Preview button was pressed, the
 * preview's answer instead (nothing validated, nothing saved: see previewResult).
 */
async function parseOrPreview<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  markdown: string[],
) {
  let form: FormData | undefined;
  const parsed = await parseSubmission(request, schema, async (r) => (form = await readForm(r)));
  const preview =
    markdown.length > 0 && form && isPreviewIntent(form) ? previewResult(form, markdown) : null;
  return { parsed, preview };
}

/**
 * The whole add action: owner check, validation (400 + the entity's 'Failed to add X.'), create,
 * then the success dialog as a flash and a redirect to the list (which resets the form).
 * An unexpected failure answers 500 'Something went wrong. Try again.' keeping what was typed.
 */
export async function handleCreate<S extends z.ZodTypeAny>(
  { request }: ActionFunctionArgs,
  {
    entity,
    schema,
    create,
    nameOf,
    redirectTo = entity.listUrl,
    markdown = [],
  }: {
    entity: AdminEntity;
    schema: S;
    create: (data: z.infer<S>) => Promise<unknown>;
    /** Names the record in the success text (also makes each success dialog distinct). */
    nameOf?: (data: z.infer<S>) => string;
    redirectTo?: string;
    /** The form's Markdown fields (markdownFieldsOf): its Preview button renders them. */
    markdown?: string[];
  },
) {
  await requireOwner(request);
  const { parsed, preview } = await parseOrPreview(request, schema, markdown);
  if (preview) return preview;
  if (!parsed.ok) {
    return formResult(parsed.submission, {
      text: parsed.refused?.text ?? entity.addFailedText,
      status: parsed.refused?.status,
    });
  }
  const { submission } = parsed;
  try {
    const outcome = await create(submission.value);
    if (isRefusal(outcome)) {
      return formResult(submission, {
        text: entity.addFailedText,
        fieldErrors: outcome.fieldErrors,
      });
    }
  } catch (error) {
    console.error(`Adding a ${entity.noun} failed:`, error);
    return formResult(submission, { text: SOMETHING_WENT_WRONG, status: 500 });
  }
  return redirectWithToast(redirectTo, {
    type: "success",
    title: entity.addedTitle,
    text: nameOf ? `“${nameOf(submission.value)}” has been added.` : undefined,
    dialog: true,
  });
}

/**
 * The whole edit action: owner check, id (404 when unknown), validation (400), update; then the
 * success flash and the list, or the spec's 'No Changes Made' when nothing differed.
 */
export async function handleUpdate<S extends z.ZodTypeAny>(
  { request, params }: ActionFunctionArgs,
  {
    entity,
    schema,
    update,
    nameOf,
    markdown = [],
  }: {
    entity: AdminEntity;
    schema: S;
    /** A Refusal (e.g. a name another record has) answers 400 with its field messages. */
    update: (id: number, data: z.infer<S>) => Promise<UpdateResult | Refusal>;
    nameOf?: (data: z.infer<S>) => string;
    /** The form's Markdown fields (markdownFieldsOf): its Preview button renders them. */
    markdown?: string[];
  },
) {
  await requireOwner(request);
  const id = requireId(entity, params.id);
  const { parsed, preview } = await parseOrPreview(request, schema, markdown);
  if (preview) return preview;
  if (!parsed.ok) {
    return formResult(parsed.submission, {
      text: parsed.refused?.text ?? SOMETHING_WENT_WRONG,
      status: parsed.refused?.status,
    });
  }
  const { submission } = parsed;
  let result: UpdateResult | Refusal;
  try {
    result = await update(id, submission.value);
  } catch (error) {
    console.error(`Updating ${entity.noun} ${id} failed:`, error);
    return formResult(submission, { text: SOMETHING_WENT_WRONG, status: 500 });
  }
  if (isRefusal(result)) {
    return formResult(submission, {
      text: `Failed to update ${entity.noun}.`,
      fieldErrors: result.fieldErrors,
    });
  }
  if (result.matchedCount === 0) throw notFound(entity);
  if (result.modifiedCount === 0) {
    return formResult(submission, { title: NO_CHANGES_TITLE, text: NO_CHANGES_TEXT, status: 200 });
  }
  return redirectWithToast(entity.listUrl, {
    type: "success",
    title: entity.updatedTitle ?? `${entity.noun} Updated Successfully!`,
    text: nameOf ? `“${nameOf(submission.value)}” has been saved.` : undefined,
    dialog: true,
  });
}

const GONE = "It does not exist any more (it may have been deleted already).";

/**
 * Loader and action of a `<list>/<id>/delete` route. GET: the confirmation page's data (404 for
 * an unknown record: there is nothing to confirm). POST: deletes, then back to the list with the
 * spec's 'Deleted!' dialog, or an error dialog saying what failed (decisions.md).
 */
export function deleteConfirmRoute<T extends { id: number }>({
  entity,
  service,
  nameOf,
}: {
  entity: AdminEntity;
  service: Pick<EntityService<T, never>, "get" | "remove">;
  nameOf: (record: T) => string;
}) {
  const find = (id: number) => service.get(id, { owner: true });
  async function loader({ request, params }: LoaderFunctionArgs) {
    await requireOwner(request);
    const record = await requireRecord(entity, params.id, find);
    const data: DeleteConfirmData = {
      title: deleteTitleOf(entity),
      noun: entity.noun,
      name: nameOf(record),
      listUrl: entity.listUrl,
    };
    return json(data);
  }

  async function action({ request, params }: ActionFunctionArgs) {
    await requireOwner(request);
    const id = requireId(entity, params.id);
    const failed = (reason: string) =>
      redirectWithToast(entity.listUrl, {
        type: "error",
        title: ERROR_TITLE,
        text: `Failed to delete ${entity.noun}. ${reason}`,
        dialog: true,
      });
    let outcome: Removal;
    let name = "";
    try {
      const record = await find(id);
      if (!record || !service.remove) return failed(GONE);
      name = nameOf(record);
      outcome = await service.remove(id);
    } catch (error) {
      console.error(`Deleting ${entity.noun} ${id} failed:`, error);
      return failed(SOMETHING_WENT_WRONG);
    }
    if (outcome.deletedCount > 0) {
      return redirectWithToast(entity.listUrl, {
        type: "success",
        title: DELETED_TITLE,
        text: `“${name}” has been deleted.`,
        dialog: true,
      });
    }
    const blocked = outcome.blockedBy ? entity.blockedReason?.(outcome.blockedBy) : undefined;
    return failed(blocked ?? GONE);
  }

  return { loader, action };
}
