/**
 * Messages the server renders open, so they show without the script: a message dialog
 * (`<dialog open data-modal>`, OK closes it with `<form method="dialog">`) becomes a modal that
 * keeps focus inside and closes with Escape; a flash banner (`[data-flash]`) closes with its
 * dismiss button and by itself after `data-timeout` ms.
 */
export function enhanceDialogs() {
  document.querySelectorAll<HTMLDialogElement>("dialog[data-modal][open]").forEach((dialog) => {
    dialog.close();
    dialog.showModal();
  });
  document.querySelectorAll<HTMLElement>("[data-flash]").forEach((flash) => {
    const close = () => flash.remove();
    flash.querySelector("[data-dismiss]")?.addEventListener("click", close);
    const timeout = Number(flash.dataset.timeout);
    if (timeout > 0) setTimeout(close, timeout);
  });
}
