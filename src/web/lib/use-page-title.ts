import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { STORE } from '../../shared/store';

/** The document's own path (whenever this module loads): the server's page came with its title (src/server/modules/spa). */
function documentPath(): string | null {
  if (typeof window === 'undefined') return null;
  const [navigation] = performance.getEntriesByType('navigation');
  return navigation ? new URL(navigation.name).pathname : window.location.pathname;
}
const firstPath = documentPath();
let navigated = false;

/** Whether the tab's title needs setting for this path: not on the document's first page until the app has moved. */
function needsTitle(pathname: string): boolean {
  navigated ||= pathname !== firstPath;
  return navigated;
}

/**
 * Sets document.title. Without an argument the title comes from the PAGES table of
 * src/shared/pages.ts for the current path, so the tab reads the same as the server's page; the
 * table loads with the first page the browser moves to, never with the first page's code.
 */
export function usePageTitle(title?: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (title) {
      document.title = title;
      return;
    }
    if (!needsTitle(pathname)) return;
    let current = true;
    void import('../../shared/pages').then(({ matchPage }) => {
      if (current) document.title = matchPage(pathname)?.page.title ?? STORE.name;
    });
    return () => {
      current = false;
    };
  }, [title, pathname]);
}
