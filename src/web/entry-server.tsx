import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { jsonForScript } from '../shared/script-json';
import type { BuildManifest, CreateStorefrontRenderer, StorefrontRenderResult } from '../shared/server-render';
import { bootScript } from './app/boot-script';
import { PAGE_STATE_ID, type PageState } from './app/hydration';
import { Providers } from './app/providers';
import { createRoutes, type ServerRenderedHandle } from './app/routes';
import { setStoreCurrency } from './lib/money';
import { SessionHintProvider } from './lib/use-session';

/**
 * The storefront's server render (docs/decisions/032), built by Vite's SSR build into
 * dist/server/entry-server.js. The server imports that file at start and passes in its catalog
 * services; a page is rendered from the same route table as the browser's, its loaders awaiting
 * the data, and the page's HTML carries the router's loader data and the query cache for hydration.
 */

const SHELL: StorefrontRenderResult = { kind: 'shell' };
/** Requests are built from the path and query alone; the origin is never read. */
const BASE = 'http://quickbuy.invalid';

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The app's entry script, and the chunks to preload beside it for a page: the entry's own imports (the
 * page's HTML names no script the browser could find them from early) and those of the page's source file.
 */
function scriptsOf(manifest: BuildManifest) {
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    chunk.imports?.forEach((next) => walk(next, into));
  };
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`the build manifest names ${entries.length} entry scripts, not 1`);
  const [entryKey, { file: entryFile }] = entries[0]!;
  return {
    entry: `/${entryFile}`,
    preloads(sources: string[]): string[] {
      const files = new Set<string>();
      [entryKey, ...sources].forEach((source) => walk(source, files));
      files.delete(entryFile);
      return [...files].map((file) => `/${file}`);
    },
  };
}

/** The page sources of the routes a URL matches; the last one undefined when the server does not render it. */
function serverRenderedPages(routes: RouteObject[], url: string): (string | undefined)[] {
  const matches = matchRoutes(routes, new URL(url, BASE).pathname) ?? [];
  return matches.map(({ route }) => (route.handle as ServerRenderedHandle | undefined)?.ssr);
}

export const createStorefrontRenderer: CreateStorefrontRenderer = ({ data, currency, manifest }) => {
  setStoreCurrency(currency);
  const { entry, preloads } = scriptsOf(manifest);
  const table = createRoutes({ catalog: data, waitForData: true });
  // One handler for every request: the route table holds nothing of a request, and a page's code, once
  // loaded for one render, stays loaded for the next.
  const handler = createStaticHandler(table);

  return {
    renders: (url) => serverRenderedPages(table, url).at(-1) !== undefined,

    async render({ url, signedIn, nonce }) {
      const pages = serverRenderedPages(table, url);
      if (!pages.at(-1)) return SHELL;
      const request = new Request(new URL(url, BASE));
      const context = await handler.query(request);
      if (context instanceof Response) {
        const location = context.headers.get('location');
        return location && context.status >= 300 && context.status < 400
          ? { kind: 'redirect', status: context.status, location }
          : SHELL;
      }
      if (context.errors) return SHELL;

      const router = createStaticRouter(handler.dataRoutes, context);
      const failures: unknown[] = [];
      const stream = await renderToReadableStream(
        <StrictMode>
          <SessionHintProvider anonymous={!signedIn}>
            <Providers>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </Providers>
          </SessionHintProvider>
        </StrictMode>,
        // The page is read whole (below), so nothing gains from React outlining a finished boundary past its
        // chunk size (12,800 bytes by default): it would send the hydrate-later parts (footer, FOLLOW US bar,
        // cart badge) as hidden copies that only an inline script moves into place, invisible without JavaScript.
        { nonce, progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void failures.push(error) },
      );
      await stream.allReady;
      const html = await new Response(stream).text();
      if (failures.length) throw failures[0];

      const routerData = { loaderData: context.loaderData, actionData: context.actionData, errors: null };
      const preload = preloads(pages.filter((page) => page !== undefined));
      const scripts =
        `<script nonce="${attribute(nonce)}">window.__staticRouterHydrationData = JSON.parse(${jsonForScript(JSON.stringify(routerData))});</script>` +
        `<script type="application/json" id="${PAGE_STATE_ID}">${jsonForScript({ anonymous: !signedIn } satisfies PageState)}</script>` +
        `<script nonce="${attribute(nonce)}">${bootScript({ entry, preload })}</script>`;
      return { kind: 'page', html, scripts };
    },
  };
};
