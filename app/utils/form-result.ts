import type { SubmissionResult } from "@conform-to/react";

/**
 * The spec's result dialog of a submission that did not redirect: 'Error!' with why (a refusal)
 * or a notice such as 'No Changes Made'. With JavaScript a modal, without it the same title and
 * text inline above the form (app/components/form-result.tsx).
 */
export type ResultDialog = {
  kind: "error" | "info" | "warning" | "success";
  title: string;
  text: string;
};

/**
 * The ONE shape every form action answers when it does not redirect: Conform's
 * `submission.reply()` (field errors, the form error, what was typed as `initialValue`) plus the
 * dialog to show, if any (a refusal with only field messages may have none). `formId` names which form of a page answered (pages with several forms).
 * Built on the server only by `formResult` (app/utils/form-result.server.ts).
 */
export type FormResult = SubmissionResult<string[]> & {
  dialog?: ResultDialog;
  formId?: string;
  /**
   * The answer of a Preview button (nothing saved): each Markdown field's rendered HTML by name
   * ('' for an empty field). The typed values come back as for a refusal.
   */
  previews?: Record<string, string>;
};

/** Whether an action's answer is a Preview's (not saved, not refused). */
export function isPreviewResult(value: unknown): boolean {
  return isFormResult(value) && value.previews !== undefined;
}

/**
 * Whether an action's answer is a form result (not another route's data). A refusal with only
 * field messages has no dialog (the project form's, say): it is one too, or what was typed and
 * the messages beside the fields would be lost.
 */
export function isFormResult(value: unknown): value is FormResult {
  return typeof value === "object" && value !== null && "initialValue" in value;
}
