// The search form, result line and pagination of an admin list. A plain GET form: the search and
// filters live in the URL (?q=&<filter>=&page=), so it works without JavaScript, links can be
// shared and Back returns to them. With JavaScript the list follows as the owner types (debounced,
// replacing the history entry) and as a filter changes.
import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Pagination } from "~/components/site/pagination";
import { useHydrated } from "~/utils/use-hydrated";
import { isFiltered, listHref, resultsText, SEARCH_MAX_LENGTH } from "~/utils/list-query";

/** How long typing pauses before the list follows (JS only). */
const TYPING_PAUSE_MS = 350;

export type ListFilter = {
  name: string;
  label: string;
  options: Array<{ value: string; label: string }>;
};

type Query = { q: string; filters: Record<string, string> };

const inputClass =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600";

export function ListControls({
  path,
  query,
  total,
  searchLabel,
  placeholder,
  filters = [],
  keep = {},
}: {
  /** The list's URL (the form's action). */
  path: string;
  query: Query;
  /** How many records match (shown when the list is narrowed). */
  total: number;
  /** The search box's label, e.g. 'Search skills'. */
  searchLabel: string;
  placeholder?: string;
  filters?: ListFilter[];
  /** Query values the form keeps as they are (e.g. the inbox's folder). */
  keep?: Record<string, string>;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const narrowed = isFiltered(query);
  const searching = navigation.state === "loading" && navigation.location?.pathname === path;

  // A link (Clear, a folder tab, Back) changes the query: show it, unless the owner is typing.
  useEffect(() => {
    const input = searchRef.current;
    if (input && document.activeElement !== input) input.value = query.q;
    const form = formRef.current;
    for (const filter of filters) {
      const select = form?.elements.namedItem(filter.name);
      if (select instanceof HTMLSelectElement) select.value = query.filters[filter.name] ?? "";
    }
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  // The form's values without the empty ones (a tidy URL: ?q=react, not ?q=react&level=).
  const send = (replace: boolean) => {
    if (!formRef.current) return;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(formRef.current))
      if (typeof value === "string" && value.trim() !== "") params.set(name, value);
    submit(params, { method: "get", action: path, replace, preventScrollReset: true });
  };
  const follow = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(true), delay);
  };

  return (
    <div className="mb-5 flex flex-col gap-3">
      <Form
        ref={formRef}
        method="get"
        action={path}
        role="search"
        aria-label={searchLabel}
        className="flex flex-wrap items-end gap-3"
        preventScrollReset
        onSubmit={(event) => {
          event.preventDefault();
          clearTimeout(timer.current);
          send(false);
        }}
      >
        {Object.entries(keep).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <label className="flex min-w-48 grow flex-col gap-1 text-sm font-medium text-slate-700">
          {searchLabel}
          <input
            ref={searchRef}
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={placeholder}
            autoComplete="off"
            className={inputClass}
            onChange={hydrated ? () => follow(TYPING_PAUSE_MS) : undefined}
          />
        </label>
        {filters.map((filter) => (
          <label
            key={filter.name}
            className="flex flex-col gap-1 text-sm font-medium text-slate-700"
          >
            {filter.label}
            <select
              name={filter.name}
              defaultValue={query.filters[filter.name] ?? ""}
              className={inputClass}
              onChange={hydrated ? () => follow(0) : undefined}
            >
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <button
          type="submit"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Search
        </button>
      </Form>
      <div className="flex min-h-6 flex-wrap items-center gap-3 text-sm text-slate-700">
        <p role="status" data-testid="list-results" aria-busy={searching || undefined}>
          {narrowed ? resultsText(total, query.q) : ""}
        </p>
        {narrowed ? (
          <Link
            to={listHref(path, { q: "", filters: {} }, keep)}
            className="font-medium text-brand-700 underline hover:text-brand-800"
            preventScrollReset
          >
            Clear<span className="sr-only"> the search and filters</span>
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** Prev, 'Page X of Y' and Next, keeping the search and filters (nothing when one page). */
export function ListPagination({
  path,
  query,
  page,
  pageCount,
  keep = {},
}: {
  path: string;
  query: Query;
  page: number;
  pageCount: number;
  keep?: Record<string, string>;
}) {
  if (pageCount <= 1) return null;
  return (
    <Pagination
      page={page}
      totalPages={pageCount}
      hrefOf={(n) => listHref(path, { ...query, page: n }, keep)}
      className="mt-6"
    />
  );
}
