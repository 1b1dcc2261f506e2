// The theme control's choices and texts, shared by the server-rendered control
// (components/theme-toggle.tsx) and the enhancement script that switches it in place.

export type Theme = "system" | "light" | "dark";
/** The control's buttons, in order. */
export const THEMES: readonly Theme[] = ["system", "light", "dark"];
export const THEME_LABEL: Record<Theme, string> = {
  system: "System theme",
  light: "Light theme",
  dark: "Dark theme",
};
export const THEME_ICON: Record<Theme, string> = { system: "◐", dark: "☾", light: "☀" };

export function isThemeName(value: unknown): value is Theme {
  return value === "system" || value === "light" || value === "dark";
}

/** A button's tooltip: which theme it is, and whether it is the one in use. */
export function themeButtonTitle(theme: Theme, active: boolean): string {
  return active ? `${THEME_LABEL[theme]} (in use)` : `Use the ${THEME_LABEL[theme].toLowerCase()}`;
}

/** The <html> class for a theme ("system" follows the OS: no class). */
export function themeClass(theme: Theme): string {
  return theme === "system" ? "" : theme;
}
