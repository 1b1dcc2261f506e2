// The admin lists' query string (`?q=&page=` plus a list's own filters): page size, the links
// that keep every filter, and the texts the lists share. Client-safe; the parsing is in
// list-query.server.ts.

/** How many rows an admin list shows per page. */
export const LIST_PAGE_SIZE = 20;

/** The longest search the lists accept (a longer one is cut, never refused). */
export const SEARCH_MAX_LENGTH = 100;

/** A list's query: what was searched, the page, and its own filters ("" = not filtered). */
export type ListQuery<F extends string = never> = {
  q: string;
  page: number;
  filters: Record<F, string>;
};

/** One page of a list (the models answer this). */
export type ListPage<T> = { items: T[]; total: number; page: number; pageCount: number };

/** Whether the list is narrowed (a search or a filter): then it is not the whole list. */
export function isFiltered(query: { q: string; filters: Record<string, string> }) {
  return query.q !== "" || Object.values(query.filters).some((value) => value !== "");
}

/**
 * `path?q=..&<filter>=..&page=N` with only what is set (page 1 and empty values are left out), in
 * a stable order, so every link of a list keeps its search and filters.
 */
export function listHref(
  path: string,
  query: { q: string; filters: Record<string, string>; page?: number },
  keep: Record<string, string> = {},
) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(keep)) if (value) params.set(name, value);
  if (query.q) params.set("q", query.q);
  for (const [name, value] of Object.entries(query.filters)) if (value) params.set(name, value);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** "3 results for “react”" / "1 result" (the count line above a narrowed list). */
export function resultsText(total: number, q: string) {
  const count = `${total} result${total === 1 ? "" : "s"}`;
  return q ? `${count} for “${q}”` : count;
}

/** What an empty narrowed list says (distinct from the list's own "nothing yet" text). */
export const NO_MATCHES_TEXT = "Nothing matches this search. Try other words or clear it.";

/** Why the reorder controls are hidden while a list is narrowed. */
export const REORDER_HIDDEN_TEXT = "Clear the search and filters to reorder.";

/** What a list loader answers beside its rows: the query and where the page sits. */
export type ListState<F extends string = never> = {
  query: ListQuery<F>;
  total: number;
  page: number;
  pageCount: number;
  /** Rows before this page (the row numbers and Move up / Move down count from it). */
  offset: number;
};

/** The ListState of `list` (a page of the models) for `query`. */
export function listState<F extends string>(
  query: ListQuery<F>,
  list: Omit<ListPage<unknown>, "items">,
  pageSize = LIST_PAGE_SIZE,
): ListState<F> {
  return {
    query: { ...query, page: list.page },
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    offset: (list.page - 1) * pageSize,
  };
}
