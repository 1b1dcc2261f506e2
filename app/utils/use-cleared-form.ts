import { useEffect, useRef } from "react";

/**
 * A ref for a form whose typed fields are emptied after each answer to it (codes and passwords
 * are never shown again, also with JavaScript on, where the browser would keep what was typed).
 * The values are cleared one by one, not with `form.reset()`: a reset would also clear Conform's
 * state, and with it the messages the answer put beside the fields.
 */
export function useClearedForm(result: unknown) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!result || !ref.current) return;
    for (const element of Array.from(ref.current.elements)) {
      if (element instanceof HTMLInputElement && TYPED.has(element.type)) element.value = "";
    }
  }, [result]);
  return ref;
}

const TYPED = new Set(["text", "password", "email", "number", "tel", "search", "url"]);
