// Instant navigation between public pages without a client router: the browser's Speculation
// Rules (https://developer.chrome.com/docs/web-platform/prerender-pages). Browsers without them
// ignore the script. The text is the same on every public page, so one sha256 hash allows it in
// the pages' Content-Security-Policy (server/security-headers.ts, publicPagesPolicy).

/** Never speculated: the owner's pages, sign-in/out, actions and files (a query string: below). */
const NEVER = [
  "/dashboard",
  "/dashboard/*",
  "/login",
  "/login/*",
  "/logout",
  "/logout/*",
  "/theme",
  "/images/*",
  "/assets/*",
  "/*.*",
];

const SAME_SITE_PAGES = {
  and: [
    { href_matches: "/*" },
    { not: { href_matches: NEVER } },
    {
      not: {
        selector_matches: "[href*='?'], [href*='#'], [download], [target=_blank], [rel~=nofollow]",
      },
    },
  ],
};

export const SPECULATION_RULES = JSON.stringify({
  // The likeliest next pages (a project card's detail, a row's View More): fully rendered in the
  // background as soon as the pointer rests on the link (or touch starts).
  prerender: [
    {
      where: { and: [...SAME_SITE_PAGES.and, { selector_matches: "a[data-prerender]" }] },
      eagerness: "moderate",
    },
  ],
  // Any other public page: its document fetched on hover / touch.
  prefetch: [{ where: SAME_SITE_PAGES, eagerness: "moderate" }],
});
