import { isThemeName, themeButtonTitle, themeClass, type Theme } from "./theme-cycle";

/** Shows `theme` at once: the <html> class and every theme control (which button is pressed). */
function showTheme(theme: Theme) {
  const html = document.documentElement;
  html.classList.remove("light", "dark");
  if (themeClass(theme)) html.classList.add(themeClass(theme));
  document.querySelectorAll<HTMLFormElement>("form[data-theme-form]").forEach((form) => {
    form.dataset.theme = theme;
    form.querySelectorAll<HTMLButtonElement>("button[name=theme]").forEach((button) => {
      const value = button.value as Theme;
      button.setAttribute("aria-pressed", String(value === theme));
      button.title = themeButtonTitle(value, value === theme);
    });
  });
}

/**
 * The theme control is a form whose buttons POST their theme to /theme (the server sets the
 * cookie and redirects back: the path without the script). With it, the class changes at once
 * and the same POST is sent in the background without `redirectTo`, so the server answers JSON
 * and sets the cookie.
 */
export function enhanceThemeToggle() {
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.matches("form[data-theme-form]")) return;
    const body = new URLSearchParams();
    const theme = (event as SubmitEvent).submitter?.getAttribute("value");
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
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = "theme";
        input.value = theme;
        form.append(input);
        form.submit();
      });
  });
}
