import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** True once React has hydrated in the browser (false during SSR and without JavaScript). */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
