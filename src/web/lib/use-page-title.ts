import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { matchPage } from '../../shared/paths';
import { STORE } from '../../shared/store';

/**
 * Sets document.title. Without an argument the title comes from the PAGES table of
 * src/shared/paths.ts for the current path, so the tab reads the same as the server's page.
 */
export function usePageTitle(title?: string) {
  const { pathname } = useLocation();
  const resolved = title ?? matchPage(pathname)?.page.title ?? STORE.name;
  useEffect(() => {
    document.title = resolved;
  }, [resolved]);
}
