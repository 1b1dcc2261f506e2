import { Link } from "@remix-run/react";

const base =
  "inline-flex min-w-24 items-center justify-center gap-1 rounded-lg border px-4 py-2 text-sm font-semibold";
const enabled = `${base} border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`;
const disabled = `${base} cursor-not-allowed border-slate-200 bg-slate-100 text-slate-500`;

/** `?page=N` for `basePath` (page 1 is the bare path). */
export const pageHref = (basePath: string, page: number) =>
  page <= 1 ? basePath : `${basePath}?page=${page}`;

function PageLink({ to, label }: { to: string | null; label: "Prev" | "Next" }) {
  if (to === null) {
    return (
      <a role="link" aria-disabled="true" className={disabled}>
        {label}
      </a>
    );
  }
  return (
    <Link to={to} rel={label === "Prev" ? "prev" : "next"} className={enabled} prefetch="intent">
      {label}
    </Link>
  );
}

/**
 * Prev, 'Page X of Y' and Next: plain links to ?page=N, so they work without JavaScript.
 * `hrefOf` makes a page's link another way (the admin lists keep their search and filters).
 */
export function Pagination({
  basePath = "",
  page,
  totalPages,
  hrefOf = (n) => pageHref(basePath, n),
  className = "mt-12",
}: {
  basePath?: string;
  page: number;
  totalPages: number;
  hrefOf?: (page: number) => string;
  className?: string;
}) {
  return (
    <nav aria-label="Pagination" className={`${className} flex items-center justify-center gap-4`}>
      <PageLink to={page > 1 ? hrefOf(page - 1) : null} label="Prev" />
      <p className="text-sm font-medium text-slate-700" aria-live="polite">
        {`Page ${page} of ${totalPages}`}
      </p>
      <PageLink to={page < totalPages ? hrefOf(page + 1) : null} label="Next" />
    </nav>
  );
}
