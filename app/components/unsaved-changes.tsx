import { useActionData, useBeforeUnload, useBlocker, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { buttonClass, DialogBody, dialogClass } from "~/components/dialog";
import { fieldMessagesOf } from "~/components/error-summary";
import { isFormResult, isPreviewResult } from "~/utils/form-result";

export const LEAVE_TITLE = "Leave this page?";
export const LEAVE_TEXT = "Your changes will be lost.";

/** What a form would send now, as one comparable string (a chosen file by its name and size). */
function snapshotOf(form: HTMLFormElement): string {
  const entries: string[] = [];
  for (const [name, value] of new FormData(form)) {
    entries.push(`${name}=${typeof value === "string" ? value : `${value.name}:${value.size}`}`);
  }
  return JSON.stringify(entries);
}

/** Whether an action's answer refused the form (its typed values are still unsaved). */
function isRefusal(data: unknown): boolean {
  return (
    isFormResult(data) && (fieldMessagesOf(data.error).length > 0 || Boolean(data.error?.[""]))
  );
}

/**
 * Warns before leaving a page whose form was changed and not saved (JavaScript only: without
 * it there is nothing to run): a link or Back inside the app shows the 'Leave this page?' dialog
 * ('Stay' focused, 'Leave'), a reload or closing the tab the browser's own warning. `forms` is a
 * CSS selector of the page's guarded forms (`#profile`, several for the import page). Changed
 * means different from what the form held when it appeared (or was last saved), so typing and
 * undoing it warns of nothing; a save that is not refused counts as saved (a Preview does not).
 */
export function UnsavedChanges({ forms }: { forms: string }) {
  const saved = useRef(new WeakMap<HTMLFormElement, string>());
  const navigation = useNavigation();
  const actionData = useActionData();

  const formsNow = useCallback(
    () => [...document.querySelectorAll<HTMLFormElement>(forms)],
    [forms],
  );
  // Every render: a form seen for the first time is as it was loaded.
  useEffect(() => {
    for (const form of formsNow()) {
      if (!saved.current.has(form)) saved.current.set(form, snapshotOf(form));
    }
  });
  const changed = useCallback(
    () =>
      formsNow().some((form) => {
        const before = saved.current.get(form);
        return before !== undefined && before !== snapshotOf(form);
      }),
    [formsNow],
  );

  // A form sent to this page is not leaving it (its location is this one); once answered, what
  // it sent is saved unless the answer refused it.
  const submitting = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") {
      if (navigation.formMethod?.toUpperCase() === "POST") submitting.current = true;
      return;
    }
    if (!submitting.current) return;
    submitting.current = false;
    // (a Preview saved nothing either)
    if (!isRefusal(actionData) && !isPreviewResult(actionData)) {
      for (const form of formsNow()) saved.current.set(form, snapshotOf(form));
    }
  }, [navigation.state, navigation.formMethod, actionData, formsNow]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      changed(),
  );
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!changed()) return;
        event.preventDefault();
        event.returnValue = "";
      },
      [changed],
    ),
  );

  return blocker.state === "blocked" ? (
    <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
  ) : null;
}

/** The modal 'Leave this page?' question, with the safe choice ('Stay') focused. */
function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    stay.current?.focus();
    return () => dialog.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="leave-title"
      data-testid="leave-dialog"
      // Escape means Stay.
      onCancel={(event) => {
        event.preventDefault();
        onStay();
      }}
      className={dialogClass}
    >
      <DialogBody kind="warning" title={LEAVE_TITLE} text={LEAVE_TEXT} titleId="leave-title">
        <button ref={stay} type="button" className={buttonClass.primary} onClick={onStay}>
          Stay
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onLeave}>
          Leave
        </button>
      </DialogBody>
    </dialog>
  );
}
