import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";

type Theme = "system" | "light" | "dark";
const NEXT: Record<Theme, Theme> = { system: "dark", dark: "light", light: "system" };
const LABEL: Record<Theme, string> = {
  system: "System theme",
  dark: "Dark theme",
  light: "Light theme",
};
const ICON: Record<Theme, string> = { system: "◐", dark: "☾", light: "☀" };

/** The theme chosen by the visitor (root loader), optimistic while a change is being saved. */
export function useTheme(): Theme {
  const data = useRouteLoaderData<{ theme?: Theme }>("root");
  const fetchers = useFetcher<{ theme?: Theme }>({ key: "theme" });
  const pending = fetchers.formData?.get("theme");
  if (pending === "system" || pending === "light" || pending === "dark") return pending;
  return data?.theme ?? "system";
}

/**
 * Cycles system → dark → light. A plain form POST without JavaScript (the server redirects back),
 * a fetcher with it (no reload; the page re-renders with the new class at once).
 */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const fetcher = useFetcher<{ theme?: Theme }>({ key: "theme" });
  const theme = useTheme();
  const location = useLocation();
  const next = NEXT[theme];
  return (
    <fetcher.Form method="post" action="/theme" className={className}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        data-testid="theme-toggle"
        data-theme={theme}
        className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-slate-300 text-lg text-slate-700 hover:bg-slate-100"
        aria-label={`${LABEL[theme]} (switch to ${LABEL[next].toLowerCase()})`}
        title={`${LABEL[theme]}: switch to ${LABEL[next].toLowerCase()}`}
      >
        <span aria-hidden>{ICON[theme]}</span>
      </button>
    </fetcher.Form>
  );
}
