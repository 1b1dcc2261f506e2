// The theme toggle's cycle and texts, shared by the server-rendered toggle
// (components/theme-toggle.tsx) and the enhancement script that switches it in place.

export type Theme = "system" | "light" | "dark";
export const NEXT_THEME: Record<Theme, Theme> = { system: "dark", dark: "light", light: "system" };
const LABEL: Record<Theme, string> = {
  system: "System theme",
  dark: "Dark theme",
  light: "Light theme",
};
export const THEME_ICON: Record<Theme, string> = { system: "◐", dark: "☾", light: "☀" };

export function isThemeName(value: unknown): value is Theme {
  return value === "system" || value === "light" || value === "dark";
}

/** The toggle button's accessible name and tooltip while `theme` is on. */
export function themeToggleTexts(theme: Theme) {
  const next = LABEL[NEXT_THEME[theme]].toLowerCase();
  return {
    label: `${LABEL[theme]} (switch to ${next})`,
    title: `${LABEL[theme]}: switch to ${next}`,
  };
}

/** The <html> class for a theme ("system" follows the OS: no class). */
export function themeClass(theme: Theme): string {
  return theme === "system" ? "" : theme;
}
