/** Closes the open `details[data-menu]` menus, except the one holding `keep`. */
function closeMenus(keep?: Node | null) {
  document.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]").forEach((d) => {
    if (!keep || !d.contains(keep)) d.open = false;
  });
}

/**
 * The header's menus are <details> (they open and close without the script); with it, a click
 * outside, Escape (focus back on the menu's summary) or following a link closes them.
 */
export function enhanceMenus() {
  document.addEventListener("pointerdown", (event) => closeMenus(event.target as Node));
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const open = document.querySelector<HTMLDetailsElement>("details[data-menu][open]");
    if (!open) return;
    closeMenus();
    open.querySelector("summary")?.focus();
  });
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest?.("a");
    if (link?.closest("details[data-menu]")) closeMenus();
  });
  // Back to a page kept in the back/forward cache: its menus closed, as after a link.
  window.addEventListener("pageshow", () => closeMenus());
}
