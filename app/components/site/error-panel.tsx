import { Link } from "@remix-run/react";

/** A not-found or error message in the site's style (inside the public layout). */
export function ErrorPanel({
  status,
  title,
  text,
}: {
  status: number;
  title: string;
  text: string;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="text-7xl font-extrabold tracking-tight text-brand-600" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-lg text-slate-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Back to home
        </Link>
        <Link
          to="/projects"
          className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Browse projects
        </Link>
      </div>
    </section>
  );
}
