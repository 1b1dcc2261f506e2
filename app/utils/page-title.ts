/**
 * Every page's <title> follows one pattern, most specific part first, joined by " · ":
 *   dashboard:  "Skills · Dashboard · Folio", "Edit Project · Dashboard · Folio", "Dashboard · Folio"
 *   public:     "My React Type Projects · Alex Morgan", "Page not found · Alex Morgan"
 */
export const TITLE_SEPARATOR = " · ";

/** The product's name: last part of every dashboard (and sign-in) title. */
export const PRODUCT_NAME = "Folio";

/** Joins the non-empty parts of a title with the separator. */
export function joinTitle(...parts: Array<string | null | undefined>): string {
  return parts
    .map((part) => part?.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join(TITLE_SEPARATOR);
}

/** A dashboard page's title: `dashboardTitle("Skills")` → "Skills · Dashboard · Folio". */
export function dashboardTitle(...parts: Array<string | null | undefined>): string {
  return joinTitle(...parts, "Dashboard", PRODUCT_NAME);
}

/**
 * A dashboard route's meta: its title and `noindex` (a leaf route's meta replaces its parents',
 * so each dashboard page says it itself).
 */
export function dashboardMeta(...parts: Array<string | null | undefined>) {
  return [{ title: dashboardTitle(...parts) }, { name: "robots", content: "noindex" }];
}

/** A public page's title: `siteTitle("Contact", "Alex Morgan")` → "Contact · Alex Morgan". */
export function siteTitle(page: string, siteName: string): string {
  return joinTitle(page, siteName);
}
