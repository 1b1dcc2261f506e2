import type { ReactNode } from "react";

/** A home section's eyebrow, title and intro, with an optional action on the right. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  action,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
  action?: ReactNode;
}) {
  return (
    <div className="mb-10 flex flex-wrap items-end justify-between gap-4">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
        <h2
          id={id}
          className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl"
        >
          {title}
        </h2>
        {intro ? <p className="mt-3 text-slate-600">{intro}</p> : null}
      </div>
      {action}
    </div>
  );
}
