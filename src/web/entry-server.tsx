import { lazy, StrictMode, type JSX } from 'react';
// The web-streams build, not the Node one: the Node build renders each page inside an AsyncLocalStorage, and on
// Node 20 the first such render turns on async hooks for the whole process, a tax on every promise and socket of
// every later request (docs/decisions/107). The edge build renders the same HTML and uses one only where the
// runtime provides it as a global, which Node does not.
import { renderToReadableStream } from 'react-dom/server.edge';
import { jsonForScript } from '../shared/script-json';
import type { BuildManifest, CreateStorefrontRenderer, StorefrontRenderResult } from '../shared/server-render';
import { bootScript } from './app/boot-script';
import { PAGE_STATE_ID, type PageState } from './app/hydration';
import { Providers } from './app/providers';
import { RootLayout } from './app/layout/root-layout';
import { createRoutes, type ServerRenderedHandle } from './app/routes';
import { NeedsJavaScript, NO_SCRIPT_NAV, noScriptFor } from './app/without-javascript';
import { PATH_ALIASES } from '../shared/paths';
import { setStoreCurrency } from './lib/money';
import {
  compileRoutes,
  loadData,
  loadPages,
  matchPages,
  redirectOf,
  StaticPages,
  type CompiledRoutes,
} from './lib/page-router';
import { SessionHintProvider } from './lib/use-session';

/**
 * The storefront's server render (docs/decisions/032), built by Vite's SSR build into
 * dist/server/entry-server.js. The server imports that file at start and passes in its catalog
 * services; a page is rendered from the same route table as the browser's, its loader awaiting
 * the data, and the page's HTML carries that data for hydration.
 */

const SHELL: StorefrontRenderResult = { kind: 'shell' };
/** Requests are built from the path and query alone; the origin is never read. */
const BASE = 'http://quickbuy.invalid';

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

/** How many paths' matches pageHandles keeps before it starts afresh: a bound on what made-up paths can fill. */
const MATCHES_KEPT = 1000;

/**
 * The handle of the page route a path matches. React Router flattens and ranks the whole route table on every
 * match (about 0.7 ms of CPU, most of what a cached page's reply costs), and every request asks this for its cache
 * key, so each path's answer is kept.
 */
function pageHandles(table: CompiledRoutes) {
  const kept = new Map<string, ServerRenderedHandle | undefined>();
  return (pathname: string) => {
    if (kept.has(pathname)) return kept.get(pathname);
    if (kept.size >= MATCHES_KEPT) kept.clear();
    const handle = matchPages(table, pathname).at(-1)?.route.handle as ServerRenderedHandle | undefined;
    kept.set(pathname, handle);
    return handle;
  };
}

/**
 * The frame of a page the browser renders alone (docs/decisions/054): header and footer around, for the 404
 * page, that page, and for the others the notice that they need JavaScript. The browser renders the page
 * anew over it (no hydration), so it carries no data and no script of its own.
 */
const NotFoundPage = lazy(() => import('./app/not-found-page').then((page) => ({ default: page.Component })));
const frameRoutes = (main: JSX.Element) =>
  compileRoutes([{ element: <RootLayout />, children: [{ path: '*', element: main }] }]);
const FRAMES = { notFound: frameRoutes(<NotFoundPage />), needsJavaScript: frameRoutes(<NeedsJavaScript />) };

export const createStorefrontRenderer: CreateStorefrontRenderer = ({ data, currency, manifest }) => {
  setStoreCurrency(currency);
  const { entry, preloads } = scriptsOf(manifest);
  // One table for every request: it holds nothing of a request, and a page's code, once loaded for one
  // render, stays loaded for the next.
  const table = compileRoutes(createRoutes({ catalog: data, waitForData: true }));
  const pageHandle = pageHandles(table);

  return {
    pageUrl(url) {
      const { pathname, searchParams } = new URL(url, BASE);
      const search = pageHandle(pathname)?.query?.(searchParams).toString();
      return search ? `${pathname}?${search}` : pathname;
    },

    async render({ url, signedIn }) {
      const address = new URL(url, BASE);
      const alias = PATH_ALIASES[address.pathname];
      if (alias) return { kind: 'redirect', status: 301, location: alias };
      const matches = matchPages(table, address.pathname);
      // The page sources of the matched routes; the last one undefined when the server does not render it.
      const pages = matches.map(({ route }) => (route.handle as ServerRenderedHandle | undefined)?.ssr);
      if (!pages.at(-1)) {
        const frame = matches.at(-1)?.route.path === '*' ? FRAMES.notFound : FRAMES.needsJavaScript;
        const html = await renderWhole(frame, url, null, signedIn);
        return { kind: 'frame', html, noscript: NO_SCRIPT_NAV };
      }
      let pageData: unknown;
      try {
        [pageData] = await Promise.all([loadData(matches, address), loadPages(matches)]);
      } catch (thrown) {
        const redirect = redirectOf(thrown);
        return redirect ? { kind: 'redirect', ...redirect } : SHELL;
      }

      const html = await renderWhole(table, url, pageData, signedIn);

      const preload = preloads(pages.filter((page) => page !== undefined));
      const pageState: PageState = { anonymous: !signedIn, data: pageData };
      return {
        kind: 'page',
        html,
        data: `<script type="application/json" id="${PAGE_STATE_ID}">${jsonForScript(pageState)}</script>`,
        bootScript: bootScript({ entry, preload }),
        noscript: noScriptFor(address.pathname),
      };
    },
  };
};

/** A matched page rendered to HTML, read to the end (docs/decisions/032). */
async function renderWhole(routes: CompiledRoutes, url: string, data: unknown, signedIn: boolean): Promise<string> {
  const failures: unknown[] = [];
  const stream = await renderToReadableStream(
    <StrictMode>
      <SessionHintProvider anonymous={!signedIn}>
        <Providers>
          <StaticPages routes={routes} url={url} data={data} />
        </Providers>
      </SessionHintProvider>
    </StrictMode>,
    // The page is read whole, so nothing gains from React outlining a finished boundary past its chunk size
    // (12,800 bytes by default): it would send the hydrate-later parts (footer, FOLLOW US bar, cart badge) as
    // hidden copies that only an inline script moves into place, invisible without JavaScript.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void failures.push(error) },
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  if (failures.length) throw failures[0];
  return html;
}
