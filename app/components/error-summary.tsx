import { useEffect, useRef } from "react";
import { useHydrated } from "~/utils/use-hydrated";

export const ERROR_SUMMARY_TITLE = "Please correct the highlighted fields.";

/** A form's messages by field name (Conform's `form.allErrors`, or a result's `error`). */
export type FieldMessages = Record<string, string[] | null | undefined>;

/** The field messages of `errors` in order, without the form-level one (key ""). */
export function fieldMessagesOf(errors: FieldMessages | undefined) {
  return Object.entries(errors ?? {}).flatMap(([name, messages]) =>
    name && messages?.length ? [{ name, message: messages[0]! }] : [],
  );
}

/**
 * Moves focus to `element` once the page's modal dialog (a result dialog shown for the same
 * answer) is closed, else at once; scrolls it into view. Focus that would otherwise go back to
 * <body> (the submit button was disabled while the form was sent) lands on the message.
 */
export function focusAfterDialog(element: HTMLElement | null) {
  let cancelled = false;
  let cleanup = () => {};
  const focus = () => {
    if (cancelled || !element?.isConnected) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: "start" });
  };
  // After every effect of this render: the dialog of the same answer is then open.
  queueMicrotask(() => {
    const dialog = [...document.querySelectorAll("dialog")].find((d) => d.matches(":modal"));
    if (!dialog) return focus();
    dialog.addEventListener("close", focus, { once: true });
    cleanup = () => dialog.removeEventListener("close", focus);
  });
  return () => {
    cancelled = true;
    cleanup();
  };
}

/**
 * THE error summary of a refused form: a focusable alert at the top of the form naming every
 * field message, each a link to its field (`#id`). Without JavaScript the page is a new document
 * and the summary is rendered with `autofocus` (the browser focuses and scrolls to it on load);
 * with JavaScript it takes focus for every new answer (`answer`), after the result dialog of that
 * answer is closed when there is one. Renders nothing when no field has a message.
 */
export function ErrorSummary({
  errors,
  answer,
  idOf,
  title = ERROR_SUMMARY_TITLE,
  id,
}: {
  /** The current messages by field name (they go as the person corrects the fields). */
  errors: FieldMessages | undefined;
  /** The answer that refused the form (a new object per answer: focus moves again). */
  answer: object | undefined;
  /** The id of a field's input, for its link (none: the message without a link). */
  idOf?: (name: string) => string | undefined;
  title?: string;
  id?: string;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);
  const messages = fieldMessagesOf(errors);
  const shown = answer !== undefined && messages.length > 0;
  useEffect(() => {
    if (!hydrated || !answer) return;
    return focusAfterDialog(ref.current);
    // Only a new answer moves focus, not a message that goes as a field is corrected.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  if (!shown) return null;
  return (
    <div
      ref={ref}
      id={id}
      role="alert"
      tabIndex={-1}
      // A new document (no JavaScript): the browser focuses and scrolls to it as it loads.
      autoFocus={!hydrated}
      data-testid="error-summary"
      aria-labelledby={id ? `${id}-title` : undefined}
      className="scroll-mt-24 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 focus:outline-2 focus:outline-offset-2 focus:outline-red-600"
    >
      <p id={id ? `${id}-title` : undefined} className="font-semibold">
        {title}
      </p>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {messages.map(({ name, message }) => {
          const target = idOf?.(name);
          return (
            <li key={name}>
              {target ? (
                <a
                  href={`#${target}`}
                  className="underline hover:no-underline"
                  onClick={() => document.getElementById(target)?.focus()}
                >
                  {message}
                </a>
              ) : (
                message
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
