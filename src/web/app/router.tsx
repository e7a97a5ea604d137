import { apiCatalog } from '../features/catalog/catalog-api';
import { keepHydratedReply } from '../features/catalog/catalog-data';
import { reloadForMissingCode, shouldReloadFor } from '../lib/chunks';
import { startBrowserPages } from '../lib/browser-pages';
import { createRoutes } from './routes';

/**
 * Scroll positions are kept by the history entry's key, and the first entry of every document has none
 * ('default'): a page typed into the address bar would open at the position another page of this tab left
 * under that key. A document's first entry gets a key of its own instead; a reload or a Back into it keeps
 * the key (history.state survives), so those still restore.
 */
function keyFirstHistoryEntry() {
  const state = window.history.state as { key?: unknown; usr?: unknown } | null;
  if (typeof state?.key === 'string') return;
  window.history.replaceState({ usr: null, ...state, key: Math.random().toString(36).slice(2, 10) }, '');
}

/**
 * The browser's pages. The first page's code loads first, so the router starts with it: the server's page, or
 * the frame it sent for a page the browser renders (docs/decisions/054), stays on screen until then. With
 * `hydrated`, the page starts from the data the server rendered it with instead of running its loader again.
 */
export async function startPages(hydrated?: { data: unknown }) {
  keyFirstHistoryEntry();
  if (hydrated) keepHydratedReply(hydrated.data);
  try {
    return await startBrowserPages(createRoutes({ catalog: apiCatalog, waitForData: false }), hydrated);
  } catch (error) {
    // The server's page stays on screen while the document loads again with the code it names.
    if (!shouldReloadFor(error)) throw error;
    reloadForMissingCode();
    return new Promise<never>(() => undefined);
  }
}
