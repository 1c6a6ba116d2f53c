// Whether JavaScript runs the page: enhancements switch on only then, so the server render (and
// a page without JS) always shows the complete, working form.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False during the server render and hydration, true once JavaScript runs the page. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
