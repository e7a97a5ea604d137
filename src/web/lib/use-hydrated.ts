import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates that HTML, true from the render after:
 * a part that depends on the browser (storage, the window's width) renders a stable placeholder first,
 * so hydration matches the server's HTML, then fills in. True at once on a page the browser renders alone.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
