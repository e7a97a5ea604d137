import { apiCatalog } from '../features/catalog/catalog-api';
import { keepHydratedReply } from '../features/catalog/catalog-data';
import { reloadForMissingCode, shouldReloadFor } from '../lib/chunks';
import { startBrowserPages } from '../lib/browser-pages';
import { createRoutes } from './routes';

/**
 * The browser's pages. The first page's code loads first, so the router starts with it: the server's page, or
 * the frame it sent for a page the browser renders (docs/decisions/054), stays on screen until then. With
 * `hydrated`, the page starts from the data the server rendered it with instead of running its loader again.
 */
export async function startPages(hydrated?: { data: unknown }) {
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
