/**
 * Pages rendered without the framework's client runtime (Remix's documented per-route
 * "disable JavaScript" pattern): a route exports `handle = STATIC_PAGE` and every page below it
 * is plain HTML plus the one enhancement script (app/enhance/). root.tsx then leaves out
 * <Scripts/>, <ScrollRestoration/> and the modulepreload links, and entry.server.tsx sends the
 * pages' fixed Content-Security-Policy (no nonce).
 */
export const STATIC_PAGE = { hydrate: false } as const;

/** Whether a page whose matched routes carry these `handle`s is a static page. */
export function isStaticPage(handles: readonly unknown[]): boolean {
  return handles.some(
    (handle) =>
      typeof handle === "object" &&
      handle !== null &&
      (handle as { hydrate?: unknown }).hydrate === false,
  );
}
