import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { apiCatalog } from '../features/catalog/catalog-api';
import { keepHydratedReplies } from '../features/catalog/catalog-data';
import { reloadForMissingCode, shouldReloadFor } from '../lib/chunks';
import { createRoutes } from './routes';

/**
 * ScrollRestoration keys saved positions by the history entry's key, and the first entry of every
 * document is keyed 'default': a page typed into the address bar would open at the position another
 * page of this tab left under that key. A document's first entry gets a key of its own instead; a
 * reload or a Back into it keeps the key (history.state survives), so those still restore.
 */
function keyFirstHistoryEntry() {
  const state = window.history.state as { key?: unknown; usr?: unknown } | null;
  if (typeof state?.key === 'string') return;
  window.history.replaceState({ usr: null, ...state, key: Math.random().toString(36).slice(2, 10) }, '');
}

/**
 * Loads the code of the routes this document shows, so the router starts with them and hydration
 * finds the server's page instead of the first-load fallback.
 */
async function resolveFirstPage(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  try {
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const module = await route.lazy();
        Object.assign(route, { ...module, lazy: undefined });
      }),
    );
  } catch (error) {
    // The server's page stays on screen while the document loads again with the code it names.
    if (!shouldReloadFor(error)) throw error;
    reloadForMissingCode();
    await new Promise<never>(() => undefined);
  }
}

/**
 * The browser's router. The page's code loads first, so the router starts with it: the server's page, or
 * the frame it sent for a page the browser renders (docs/decisions/054), stays on screen until then. With
 * `hydrating`, the router starts from the server's loader data (window.__staticRouterHydrationData, read by
 * createBrowserRouter) instead of running the loaders again.
 */
export async function createAppRouter({ hydrating }: { hydrating: boolean }) {
  keyFirstHistoryEntry();
  const routes = createRoutes({ catalog: apiCatalog, waitForData: false });
  await resolveFirstPage(routes);
  if (hydrating) keepHydratedReplies(window.__staticRouterHydrationData?.loaderData);
  return createBrowserRouter(routes);
}
