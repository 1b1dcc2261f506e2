/**
 * A form sent without a reload (the contact form): `data-replace="ID"` names the element of the
 * page that holds the form and its result. On submit the button shows its busy label
 * (`data-busy-label`) and is disabled; the form is POSTed as the browser would, and the page the
 * server answers (the same page the plain POST shows, with the result or the field errors and
 * what was typed) gives the new element ID, which takes the old one's place. Focus moves to the
 * result (`[data-result]`, or what the page focuses on load: `[autofocus]`). The server stays
 * the one judge; if anything goes wrong on the way, the form is submitted the plain way.
 */
export function enhanceReplaceForms() {
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    const targetId = form.dataset?.replace;
    const target = targetId ? document.getElementById(targetId) : null;
    if (!target || form.method.toLowerCase() !== "post") return;
    event.preventDefault();
    if (form.getAttribute("aria-busy") === "true") return;
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    const label = button?.textContent ?? "";
    form.setAttribute("aria-busy", "true");
    if (button) {
      button.disabled = true;
      button.textContent = button.dataset.busyLabel ?? label;
    }
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string") body.append(name, value);
    }
    fetch(form.action, {
      method: "POST",
      body,
      headers: { Accept: "text/html" },
      credentials: "same-origin",
    })
      .then(async (res) => {
        const page = new DOMParser().parseFromString(await res.text(), "text/html");
        const fresh = page.getElementById(targetId!);
        if (!fresh) throw new Error(`no #${targetId} in the answer (${res.status})`);
        target.replaceWith(fresh);
        fresh.querySelector<HTMLElement>("[data-result], [autofocus]")?.focus();
      })
      .catch(() => {
        form.removeAttribute("aria-busy");
        if (button) button.textContent = label;
        form.submit();
      });
  });
}
