import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";

import {
  THEME_ICON,
  THEME_LABEL,
  THEMES,
  isThemeName,
  themeButtonTitle,
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
 * The theme control: System, Light and Dark as three buttons, the one in use pressed
 * (`aria-pressed`, filled). Each is a plain form POST without JavaScript (the server redirects
 * back); with it, a fetcher on the dashboard (the page re-renders with the new class at once)
 * and the enhancement script on the public pages (app/enhance/theme.ts, which finds
 * `data-theme-form`).
 */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const fetcher = useFetcher<{ theme?: Theme }>({ key: "theme" });
  const theme = useTheme();
  const location = useLocation();
  return (
    <fetcher.Form
      method="post"
      action="/theme"
      className={`shrink-0 ${className}`}
      data-theme-form=""
      data-testid="theme-toggle"
      data-theme={theme}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <div
        role="group"
        aria-label="Theme"
        className="inline-flex items-center gap-0.5 rounded-lg border border-slate-300 p-0.5"
      >
        {THEMES.map((choice) => (
          <button
            key={choice}
            type="submit"
            name="theme"
            value={choice}
            aria-pressed={choice === theme}
            aria-label={THEME_LABEL[choice]}
            title={themeButtonTitle(choice, choice === theme)}
            data-testid={`theme-${choice}`}
            className="inline-flex h-7 w-7 items-center justify-center rounded-md text-base text-slate-700 not-aria-pressed:hover:bg-slate-100 aria-pressed:bg-brand-600 aria-pressed:text-white"
          >
            <span aria-hidden>{THEME_ICON[choice]}</span>
          </button>
        ))}
      </div>
    </fetcher.Form>
  );
}
