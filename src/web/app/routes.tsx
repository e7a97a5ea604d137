import { lazy, Suspense, useEffect } from 'react';
import { Navigate, redirect } from 'react-router';
import { useRouteFailure, type LoaderArgs, type PageModule, type PageRoute } from '../lib/page-router';
import { reloadForMissingCode, shouldReloadFor } from '../lib/chunks';
import { COLLECTIONS } from '../../shared/catalog';
import { CONTACT_NOTICE, CONTACT_NOTICES, PATH_ALIASES, paths } from '../../shared/paths';
import type { StorefrontData } from '../../shared/server-render';
import {
  buyQuery,
  catalogReads,
  lastPageParams,
  loadCatalog,
  pageParam,
  pageQuery,
  readFilters,
} from '../features/catalog/catalog-data';
import { RootLayout } from './layout/root-layout';

/**
 * The failure pages load only when something failed: they are never on a page's first load. One module
 * holds both (the frame's own, and a page's inside the frame), so the first load carries one loader.
 */
const RouteErrorPage = lazy(() => import('./route-error-page'));

/**
 * A page whose code could not be had (a deploy since this tab loaded renamed it) is loaded anew once rather
 * than shown as a failure: the decision lives here, in the first load, since the failure page's own code may
 * be gone too (lib/chunks.ts).
 */
function Failure({ inFrame }: { inFrame?: boolean }) {
  const reload = shouldReloadFor(useRouteFailure());
  useEffect(() => {
    if (reload) reloadForMissingCode();
  }, [reload]);
  if (reload) return null;
  return (
    <Suspense fallback={null}>
      <RouteErrorPage inFrame={inFrame} />
    </Suspense>
  );
}
const failure = (inFrame?: boolean) => <Failure inFrame={inFrame} />;

/** What the route loaders read with, on each side. */
export interface RouteData {
  /** The catalog: the API in the browser, the server's services while it renders a page. */
  catalog: StorefrontData;
  /**
   * On the server a loader waits for its data, so the page renders whole. In the browser it only
   * starts the fetch, beside the download of the page's code, and the page shows its loading state.
   */
  waitForData: boolean;
}

/** What the server needs to know of a page it renders. */
export interface ServerRenderedHandle {
  /** The page's source file (its chunk is preloaded). */
  ssr: string;
  /**
   * The query parameters the page reads, as it reads them, in one order: the server renders the page from
   * its path and these alone, and keeps it under them (docs/decisions/032). Absent: the page reads none.
   */
  query?: (params: URLSearchParams) => URLSearchParams;
}

/**
 * A page the server renders (the storefront: docs/decisions/032), by its file under src/web/features
 * without '.tsx' ('content/faq-page'), which names its chunk in the build manifest. Every other page
 * (cart, account, sign-in, tracking, the back office) is rendered by the browser alone, over the frame
 * the server sent for it (docs/decisions/054). Every page loads on demand, so the storefront never
 * downloads agent or admin code. A page that reads the query string says which parameters (`query`):
 * the server renders it without any other, so a parameter it reads but does not declare is lost there.
 * No QueryClientProvider is above it: it reads its loader's data and sends with plain request functions
 * (docs/decisions/034; quickbuy/storefront-reads reads this table to hold it).
 */
function storefrontRoute(
  path: string,
  page: string,
  load: () => Promise<PageModule>,
  { loader, query }: { loader?: PageRoute['loader']; query?: ServerRenderedHandle['query'] } = {},
): PageRoute {
  const handle: ServerRenderedHandle = { ssr: `features/${page}.tsx`, ...(query && { query }) };
  return { path, page: load, loader, handle };
}

/** /contact reads one parameter: the notice after the form was posted without JavaScript. */
function contactQuery(params: URLSearchParams): URLSearchParams {
  const notice = CONTACT_NOTICES.find((value) => value === params.get(CONTACT_NOTICE));
  return new URLSearchParams(notice ? { [CONTACT_NOTICE]: notice } : {});
}

/**
 * A page that reads or writes through TanStack Query gets the provider with its code, so the
 * storefront's first load (which reads through the loaders) does without the library.
 */
function withQueries(page: () => Promise<PageModule>): () => Promise<PageModule> {
  return async () => {
    const [{ Component: Page }, { QueryProvider }] = await Promise.all([page(), import('../lib/queries')]);
    return {
      Component: () => (
        <QueryProvider>
          <Page />
        </QueryProvider>
      ),
    };
  };
}

/** A page the browser renders alone (docs/decisions/032), with TanStack Query. */
function appRoute(path: string, page: () => Promise<PageModule>): PageRoute {
  return { path, page: withQueries(page) };
}

const isCollection = (slug: string) => Object.hasOwn(COLLECTIONS, slug);

/** One route table for the browser's pages and the server's render (lib/page-router.tsx). */
export function createRoutes({ catalog, waitForData }: RouteData): PageRoute[] {
  const load = <T,>(request: Request, read: () => Promise<T>) => loadCatalog(request, read, { waitForData });

  /**
   * A listing's loader. On the server, a page past the end (an old link, ?page=99) answers with a
   * redirect to the last page; the browser's page does the same once its reply arrives (Pagination).
   */
  async function listLoader<T extends { page: number; pageSize: number }>(
    request: Request,
    read: () => Promise<T | null>,
    count: (list: T) => number,
  ) {
    const data = await load(request, read);
    const list = data.reply;
    if (list instanceof Promise || list === null) return data;
    const url = new URL(request.url);
    const last = lastPageParams(url.searchParams, list, count(list))?.toString();
    if (last !== undefined) throw redirect(last ? `${url.pathname}?${last}` : url.pathname);
    return data;
  }

  const buyLoader = ({ request }: LoaderArgs) =>
    listLoader(
      request,
      () => catalogReads.devices(readFilters(new URL(request.url).searchParams), catalog),
      (list) => list.filteredTotal,
    );

  function collectionLoader({ params, request }: LoaderArgs) {
    const slug = params.slug ?? '';
    if (!isCollection(slug)) return null;
    return listLoader(
      request,
      () => catalogReads.collection(slug, pageParam(new URL(request.url).searchParams), catalog),
      (list) => list.total,
    );
  }

  return [
    {
      element: <RootLayout />,
      failure: failure(),
      children: [
        {
          // A page that fails to render shows the failure and Try again where the page was, inside the
          // header and footer; the dashboards' tabs have boundaries of their own (components/area-error.tsx).
          failure: failure(true),
          children: [
            storefrontRoute(paths.home, 'catalog/home-page', () => import('../features/catalog/home-page'), {
              loader: ({ request }) => load(request, () => catalogReads.home(catalog)),
            }),
            storefrontRoute(paths.buy, 'catalog/buy-page', () => import('../features/catalog/buy-page'), {
              loader: buyLoader,
              query: buyQuery,
            }),
            storefrontRoute(
              '/collections/:slug',
              'catalog/collection-page',
              () => import('../features/catalog/collection-page'),
              { loader: collectionLoader, query: pageQuery },
            ),
            storefrontRoute('/device/:id', 'catalog/device-page', () => import('../features/catalog/device-page'), {
              loader: ({ params, request }) => load(request, () => catalogReads.device(params.id ?? '', catalog)),
            }),
            appRoute(paths.cart, () => import('../features/cart/cart-page')),
            appRoute('/order-confirmation/:orderNumber', () => import('../features/orders/order-confirmation-page')),
            appRoute(paths.auth, () => import('../features/auth/auth-page')),
            appRoute(paths.login, () => import('../features/auth/login-page')),
            appRoute(paths.signup, () => import('../features/auth/signup-page')),
            appRoute(paths.forgotPassword, () => import('../features/auth/forgot-password-page')),
            appRoute(paths.resetPassword, () => import('../features/auth/reset-password-page')),
            appRoute(paths.confirmEmail, () => import('../features/auth/confirm-email-page')),
            appRoute(paths.account, () => import('../features/account/account-page')),
            storefrontRoute(paths.about, 'content/about-page', () => import('../features/content/about-page')),
            storefrontRoute(paths.contact, 'content/contact-page', () => import('../features/content/contact-page'), {
              query: contactQuery,
            }),
            storefrontRoute(paths.faq, 'content/faq-page', () => import('../features/content/faq-page')),
            storefrontRoute(paths.warranty, 'content/warranty-page', () => import('../features/content/warranty-page')),
            storefrontRoute(paths.returns, 'content/returns-page', () => import('../features/content/returns-page')),
            storefrontRoute(paths.shipping, 'content/shipping-page', () => import('../features/content/shipping-page')),
            storefrontRoute(paths.terms, 'content/terms-page', () => import('../features/content/terms-page')),
            storefrontRoute(paths.privacy, 'content/privacy-page', () => import('../features/content/privacy-page')),
            storefrontRoute(paths.reviews, 'content/reviews-page', () => import('../features/content/reviews-page')),
            storefrontRoute(paths.sell, 'sell/sell-page', () => import('../features/sell/sell-page')),
            storefrontRoute(paths.repairs, 'repairs/repairs-page', () => import('../features/repairs/repairs-page')),
            appRoute(paths.track, () => import('../features/track/track-page')),
            appRoute('/return-requests/new', () => import('../features/returns/start-return-page')),
            appRoute('/return-requests/:returnNumber', () => import('../features/returns/return-request-page')),
            appRoute(paths.agentLogin, () => import('../features/auth/agent-login-page')),
            appRoute(paths.agentDashboard, () => import('../features/agent/agent-dashboard-page')),
            appRoute(paths.admin, () => import('../features/admin/admin-page')),
            ...Object.entries(PATH_ALIASES).map(([from, to]) => ({
              path: from,
              element: <Navigate to={to} replace />,
            })),
            { path: '*', page: () => import('./not-found-page') },
          ],
        },
      ],
    },
  ];
}
