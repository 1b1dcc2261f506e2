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
  type FormResult,
} from "~/entities/entity";
import { isRefusal, type EntityService, type Removal } from "~/entities/entity.server";
import { parseId, type UpdateResult } from "~/entities/fields";
import { requireOwner } from "./auth.server";
import { BodyRefused, partialForm, readForm, TOO_LARGE_HEADERS } from "./body.server";
import { redirectWithToast } from "./toast.server";
import { fieldErrorsOf, formValues } from "./validation";

export type ParsedForm<T> =
  | { success: true; data: T; values: Record<string, string>; form: FormData }
  | {
      success: false;
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
      /** Set when the body itself was refused (400/413/415): the status and why. */
      httpStatus?: number;
      text?: string;
    };

/**
 * Reads a form (bounded: see body.server.ts) and validates it with `schema`. Never throws for
 * client input: a body that cannot be read, is too large or is not a form comes back as a
 * failure with its status, its reason and, for a form cut at the cap, what was typed before it.
 */
export async function parseForm<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
): Promise<ParsedForm<z.infer<S>>> {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    if (!(error instanceof BodyRefused)) throw error;
    const values = error.status === 413 ? formValues(partialForm(error)) : {};
    return {
      success: false,
      fieldErrors: {},
      values,
      httpStatus: error.status,
      text: error.message,
    };
  }
  const values = formValues(form);
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { success: false, fieldErrors: fieldErrorsOf(parsed.error), values };
  return { success: true, data: parsed.data, values, form };
}

/** A refused submission: 400 (or `status`), the field messages and everything typed. */
export function formError(
  text: string,
  {
    fieldErrors = {},
    values = {},
    httpStatus = 400,
    title = ERROR_TITLE,
  }: {
    fieldErrors?: Record<string, string>;
    values?: Record<string, string>;
    httpStatus?: number;
    title?: string;
  } = {},
) {
  const body: FormResult = { status: "error", title, text, fieldErrors, values };
  return json(body, { status: httpStatus, headers: httpStatus === 413 ? TOO_LARGE_HEADERS : {} });
}

/** A notice that is not an error (the spec's info dialog 'No Changes Made'). */
export function formNotice(title: string, text: string, values: Record<string, string> = {}) {
  const body: FormResult = { status: "info", title, text, fieldErrors: {}, values };
  return json(body);
}

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
  }: {
    entity: AdminEntity;
    schema: S;
    create: (data: z.infer<S>) => Promise<unknown>;
    /** Names the record in the success text (also makes each success dialog distinct). */
    nameOf?: (data: z.infer<S>) => string;
    redirectTo?: string;
  },
) {
  await requireOwner(request);
  const parsed = await parseForm(request, schema);
  if (!parsed.success) return formError(parsed.text ?? entity.addFailedText, parsed);
  try {
    const outcome = await create(parsed.data);
    if (isRefusal(outcome)) {
      return formError(entity.addFailedText, { ...outcome, values: parsed.values });
    }
  } catch (error) {
    console.error(`Adding a ${entity.noun} failed:`, error);
    return formError(SOMETHING_WENT_WRONG, { values: parsed.values, httpStatus: 500 });
  }
  return redirectWithToast(redirectTo, {
    type: "success",
    title: entity.addedTitle,
    text: nameOf ? `“${nameOf(parsed.data)}” has been added.` : undefined,
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
  }: {
    entity: AdminEntity;
    schema: S;
    update: (id: number, data: z.infer<S>) => Promise<UpdateResult>;
    nameOf?: (data: z.infer<S>) => string;
  },
) {
  await requireOwner(request);
  const id = requireId(entity, params.id);
  const parsed = await parseForm(request, schema);
  if (!parsed.success) return formError(parsed.text ?? SOMETHING_WENT_WRONG, parsed);
  let result: UpdateResult;
  try {
    result = await update(id, parsed.data);
  } catch (error) {
    console.error(`Updating ${entity.noun} ${id} failed:`, error);
    return formError(SOMETHING_WENT_WRONG, { values: parsed.values, httpStatus: 500 });
  }
  if (result.matchedCount === 0) throw notFound(entity);
  if (result.modifiedCount === 0)
    return formNotice(NO_CHANGES_TITLE, NO_CHANGES_TEXT, parsed.values);
  return redirectWithToast(entity.listUrl, {
    type: "success",
    title: entity.updatedTitle ?? `${entity.noun} Updated Successfully!`,
    text: nameOf ? `“${nameOf(parsed.data)}” has been saved.` : undefined,
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
