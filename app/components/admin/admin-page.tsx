import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** One admin screen: a card with its title, an optional action link (e.g. 'Add Skill') and body. */
export function AdminPage({
  title,
  action,
  description,
  children,
  width = "wide",
}: {
  title: string;
  action?: { to: string; label: string };
  description?: ReactNode;
  children: ReactNode;
  /** 'narrow' for forms, 'wide' for lists. */
  width?: "narrow" | "wide";
}) {
  return (
    <section
      aria-labelledby="admin-page-title"
      className={`mx-auto w-full rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${
        width === "narrow" ? "max-w-2xl" : "max-w-6xl"
      }`}
    >
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="admin-page-title" className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {action ? (
          <Link
            to={action.to}
            className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <span aria-hidden>+</span> {action.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
