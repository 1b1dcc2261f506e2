import {
  NEXT_THEME,
  THEME_ICON,
  isThemeName,
  themeClass,
  themeToggleTexts,
  type Theme,
} from "./theme-cycle";

/** Shows `theme` at once: the <html> class and every toggle (its state, name and next value). */
function showTheme(theme: Theme) {
  const html = document.documentElement;
  html.classList.remove("light", "dark");
  if (themeClass(theme)) html.classList.add(themeClass(theme));
  document.querySelectorAll<HTMLFormElement>("form[data-theme-form]").forEach((form) => {
    const input = form.querySelector<HTMLInputElement>("input[name=theme]");
    const button = form.querySelector<HTMLButtonElement>("button");
    if (input) input.value = NEXT_THEME[theme];
    if (!button) return;
    const { label, title } = themeToggleTexts(theme);
    button.dataset.theme = theme;
    button.setAttribute("aria-label", label);
    button.title = title;
    const icon = button.querySelector("span");
    if (icon) icon.textContent = THEME_ICON[theme];
  });
}

/**
 * The theme toggle is a form POST to /theme (the server sets the cookie and redirects back:
 * the path without the script). With it, the class changes at once and the same POST is sent
 * in the background without `redirectTo`, so the server answers JSON and sets the cookie.
 */
export function enhanceThemeToggle() {
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.matches("form[data-theme-form]")) return;
    const body = new URLSearchParams();
    const theme = new FormData(form).get("theme");
    if (!isThemeName(theme)) return;
    event.preventDefault();
    body.set("theme", theme);
    showTheme(theme);
    fetch(form.action, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    })
      .then((res) => {
        if (!res.ok) throw new Error(String(res.status));
      })
      .catch(() => {
        // Not saved: the plain POST (with this theme) says why.
        const input = form.querySelector<HTMLInputElement>("input[name=theme]");
        if (input) input.value = theme;
        form.submit();
      });
  });
}
