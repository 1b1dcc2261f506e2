import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";

import {
  NEXT_THEME,
  THEME_ICON,
  isThemeName,
  themeToggleTexts,
  type Theme,
} from "~/enhance/theme-cycle";

/** The theme chosen by the visitor (root loader), optimistic while a change is being saved. */
export function useTheme(): Theme {
  const data = useRouteLoaderData<{ theme?: Theme }>("root");
  const fetchers = useFetcher<{ theme?: Theme }>({ key: "theme" });
  const pending = fetchers.formData?.get("theme");
  if (isThemeName(pending)) return pending;
  return data?.theme ?? "system";
}

/**
 * Cycles system → dark → light. A plain form POST without JavaScript (the server redirects back);
 * with it, a fetcher on the dashboard (the page re-renders with the new class at once) and the
 * enhancement script on the public pages (app/enhance/theme.ts, which finds `data-theme-form`).
 */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const fetcher = useFetcher<{ theme?: Theme }>({ key: "theme" });
  const theme = useTheme();
  const location = useLocation();
  const next = NEXT_THEME[theme];
  const texts = themeToggleTexts(theme);
  return (
    <fetcher.Form method="post" action="/theme" className={className} data-theme-form="">
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        data-testid="theme-toggle"
        data-theme={theme}
        className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-slate-300 text-lg text-slate-700 hover:bg-slate-100"
        aria-label={texts.label}
        title={texts.title}
      >
        <span aria-hidden>{THEME_ICON[theme]}</span>
      </button>
    </fetcher.Form>
  );
}
