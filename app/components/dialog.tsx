import { Form } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useHydrated } from "~/utils/use-hydrated";

const icons = {
  success: "✓",
  error: "!",
  info: "i",
  warning: "!",
  question: "?",
} as const;

const iconTone = {
  success: "bg-emerald-100 text-emerald-700",
  error: "bg-red-100 text-red-700",
  info: "bg-sky-100 text-sky-700",
  warning: "bg-amber-100 text-amber-700",
  question: "bg-slate-100 text-slate-700",
} as const;

export type DialogKind = keyof typeof icons;

function DialogBody({
  kind,
  title,
  text,
  children,
  titleId,
}: {
  kind: DialogKind;
  title: string;
  titleId?: string;
  text?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 p-6 text-center">
      <span
        aria-hidden
        className={`grid h-14 w-14 place-items-center rounded-full text-2xl font-bold ${iconTone[kind]}`}
      >
        {icons[kind]}
      </span>
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {text ? <div className="text-slate-600">{text}</div> : null}
      <div className="mt-2 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}

const dialogClass =
  "m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl";

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60",
  danger:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2 font-medium text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
};

/**
 * A message dialog (the spec's success / error / info dialogs) with an OK button.
 * Server-rendered `open`, so it shows without JavaScript: styled as a modal by CSS alone
 * (app.css, `dialog[data-modal][open]:not(:modal)`: fixed, centred, over a backdrop) and moving
 * neither focus nor the page (no autofocus); OK closes it through `<form method="dialog">`,
 * plain HTML. With JavaScript it becomes a true modal with OK focused that keeps focus inside
 * and closes with Escape (this effect on the dashboard, app/enhance/dialogs.ts, which finds
 * `data-modal`, on the public pages).
 */
export function MessageDialog({
  kind,
  title,
  text,
  okLabel = "OK",
  onClose,
}: {
  kind: DialogKind;
  title: string;
  text?: ReactNode;
  okLabel?: string;
  onClose?: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
  }, [title, text]);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      className={dialogClass}
      data-testid="message-dialog"
      data-modal=""
      onClose={onClose}
    >
      <DialogBody kind={kind} title={title} text={text} titleId={titleId}>
        <form method="dialog">
          <button type="submit" className={buttonClass.primary} autoFocus={hydrated}>
            {okLabel}
          </button>
        </form>
      </DialogBody>
    </dialog>
  );
}

/**
 * A destructive action behind a confirmation. Without JavaScript it is a link to a confirmation
 * page (`confirmHref`); with JavaScript the same link opens a modal `<dialog>` that posts the form.
 */
export function ConfirmAction({
  confirmHref,
  action,
  fields = {},
  title = "Are you sure?",
  text = "This action cannot be undone!",
  confirmLabel = "Yes, delete it!",
  cancelLabel = "Cancel",
  children,
  className,
  kind = "warning",
}: {
  confirmHref: string;
  action: string;
  fields?: Record<string, string>;
  title?: string;
  text?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  children: ReactNode;
  className?: string;
  kind?: DialogKind;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <a
        href={confirmHref}
        className={className}
        onClick={(event) => {
          if (!hydrated || !ref.current) return;
          event.preventDefault();
          ref.current.showModal();
          // The safe choice has focus: Enter or Space never confirms by accident.
          cancelRef.current?.focus();
        }}
      >
        {children}
      </a>
      {hydrated ? (
        <dialog ref={ref} className={dialogClass} aria-label={title}>
          <DialogBody kind={kind} title={title} text={text}>
            <Form method="post" action={action} onSubmit={() => ref.current?.close()}>
              {Object.entries(fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className={buttonClass.danger}>
                {confirmLabel}
              </button>
            </Form>
            <button
              ref={cancelRef}
              type="button"
              className={buttonClass.secondary}
              onClick={() => ref.current?.close()}
            >
              {cancelLabel}
            </button>
          </DialogBody>
        </dialog>
      ) : null}
    </>
  );
}

/**
 * The no-JavaScript confirmation page body: same texts, a real form, and a way back, which has
 * focus as the page loads (`autofocus`: the safe choice, Enter does not confirm).
 */
export function ConfirmPage({
  title = "Are you sure?",
  text = "This action cannot be undone!",
  confirmLabel = "Yes, delete it!",
  cancelLabel = "Cancel",
  cancelHref,
  action,
  fields = {},
  children,
}: {
  title?: string;
  text?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  cancelHref: string;
  action?: string;
  fields?: Record<string, string>;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto mt-8 max-w-md rounded-2xl border border-slate-200 bg-white shadow-sm">
      <DialogBody kind="warning" title={title} text={text}>
        {children}
        <Form method="post" action={action}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={buttonClass.danger}>
            {confirmLabel}
          </button>
        </Form>
        <a href={cancelHref} className={buttonClass.secondary} autoFocus>
          {cancelLabel}
        </a>
      </DialogBody>
    </section>
  );
}
