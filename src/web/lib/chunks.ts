import { lazy, type ComponentType } from 'react';

/**
 * Code loaded on demand can fail to arrive: a flaky network, or a tab left open across a deploy whose hashed
 * file names are gone. An optional part (the chat, the toasts, a menu panel) then renders nothing and the page
 * around it stands; a page's own code reloads the document once (the route's error element asks
 * shouldReloadFor), which fetches the new deploy's names, and only a second failure at the same address shows
 * the error page.
 */
function Nothing() {
  return null;
}

/** React.lazy for a part the page can do without: if its code cannot be had, it is left out. */
// The same bound as React.lazy's own: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function optionalLazy<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      console.warn('Left out a part of the page whose code did not load', error);
      return { default: Nothing as unknown as C };
    }),
  );
}

/** The browsers' words for a module that could not be fetched (Chromium, Firefox, Safari). */
const MISSING_CODE = /dynamically imported module|Importing a module script failed/i;
/** The address this tab last reloaded for missing code: a reload that fails again must not loop. */
const RELOADED_KEY = 'quickbuy_reloaded_for_code';

function reloadedHere(): boolean {
  try {
    return window.sessionStorage.getItem(RELOADED_KEY) === window.location.href;
  } catch {
    // Without storage nothing could stop a loop: never reload.
    return true;
  }
}

/** Whether `error` says the page's code could not be had, at an address that has not reloaded for it yet. */
export function shouldReloadFor(error: unknown): boolean {
  return typeof window !== 'undefined' && error instanceof Error && MISSING_CODE.test(error.message) && !reloadedHere();
}

let reloading = false;

/**
 * Reloads the document for missing code, remembering the address so that a second failure shows. Once: a page
 * and its frame can both ask, and a second reload() would start a second request.
 */
export function reloadForMissingCode() {
  if (reloading) return;
  reloading = true;
  window.sessionStorage.setItem(RELOADED_KEY, window.location.href);
  window.location.reload();
}
