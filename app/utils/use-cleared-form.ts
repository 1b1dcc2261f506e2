import { useEffect, useRef } from "react";

/**
 * A ref for a form whose fields are emptied after each answer to it (codes and passwords are
 * never shown again, also with JavaScript on, where the browser would keep what was typed).
 */
export function useClearedForm(result: unknown) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result) ref.current?.reset();
  }, [result]);
  return ref;
}
