import { useEffect, useRef, useState } from "react";

export type FlashToast = {
  type: "success" | "error" | "info" | "warning";
  title: string;
  text?: string;
  timeoutMs?: number;
  dialog?: boolean;
  id?: string;
};

const tone: Record<FlashToast["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-sky-300 bg-sky-50 text-sky-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
};

/**
 * The result of the last action, carried by a flash cookie across the redirect.
 * Without JS it is a banner; with JS it closes itself after `timeoutMs` (the spec's 1.5 s login
 * and logout toasts) or when dismissed (React state on the dashboard, app/enhance/dialogs.ts,
 * which finds `data-flash`, on the public pages).
 */
export function FlashMessage({ toast }: { toast: FlashToast }) {
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setOpen(true);
    if (!toast.timeoutMs) return;
    const timer = setTimeout(() => setOpen(false), toast.timeoutMs);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!open) return null;
  return (
    <div
      ref={ref}
      role={toast.type === "error" ? "alert" : "status"}
      data-testid="flash"
      data-flash=""
      data-timeout={toast.timeoutMs}
      data-type={toast.type}
      className={`fixed right-4 bottom-4 z-[90] w-[min(24rem,calc(100vw-2rem))] rounded-xl border p-4 shadow-lg ${tone[toast.type]}`}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.text ? <p className="mt-1 text-sm">{toast.text}</p> : null}
        </div>
        <button
          type="button"
          onClick={() => setOpen(false)}
          data-dismiss=""
          className="rounded px-2 text-lg leading-none opacity-70 hover:opacity-100"
          aria-label="Dismiss"
        >
          ×
        </button>
      </div>
    </div>
  );
}
