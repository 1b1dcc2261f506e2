/**
 * The gallery's lightbox (`[data-lightbox]`, opened by its `:target` without any script): Escape
 * closes it, the arrow keys move to the previous/next image, and focus goes into it on opening
 * and back to the thumbnail that opened it on closing.
 */
let started = false;

export function enhanceLightboxes() {
  if (started) return;
  started = true;
  const open = () => document.querySelector<HTMLElement>("[data-lightbox]:target");
  const go = (box: HTMLElement, role: string) =>
    box.querySelector<HTMLAnchorElement>(`[data-${role}]`)?.click();
  addEventListener("hashchange", () => open()?.focus());
  open()?.focus();
  document.addEventListener("click", (event) => {
    const close = (event.target as Element).closest?.<HTMLAnchorElement>("[data-close]");
    // After the fragment moved, focus returns to the thumbnail that opened the image.
    if (close) setTimeout(() => document.querySelector<HTMLElement>(close.hash)?.focus());
  });
  document.addEventListener("keydown", (event) => {
    const box = open();
    if (!box || event.altKey || event.ctrlKey || event.metaKey) return;
    const role = { Escape: "close", ArrowLeft: "prev", ArrowRight: "next" }[event.key];
    if (!role) return;
    event.preventDefault();
    go(box, role);
  });
}
