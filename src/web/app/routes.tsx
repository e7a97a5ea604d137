import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { COLLECTIONS } from '../../shared/catalog';
import { PATH_ALIASES, paths } from '../../shared/paths';
import type { StorefrontData } from '../../shared/server-render';
import { catalogQueries, readFilters, pageParam } from '../features/catalog/catalog-queries';
import { RootLayout } from './layout/root-layout';

/** The failure page loads only when something failed: it is never on a page's first load. */
const RouteErrorPage = lazy(() => import('./route-error-page').then((module) => ({ default: module.RouteErrorPage })));

/** What the route loaders read with, on each side. */
export interface RouteData {
  queryClient: QueryClient;
  /** The catalog: the API in the browser, the server's services while it renders a page. */
  catalog: StorefrontData;
  /**
   * On the server a loader waits for its data, so the page renders whole. In the browser it only
   * starts the fetch, beside the download of the page's code, and the page shows its loading state.
   */
  waitForData: boolean;
}

/** A page module exports `Component`. */
type PageModule = { Component: ComponentType };

/** What the server needs to know of a page it renders: the page's source file (its chunk is preloaded). */
export interface ServerRenderedHandle {
  ssr: string;
}

/**
 * A page the server renders (the storefront: docs/decisions/032), by its file under src/web/features
 * without '.tsx' ('content/faq-page'), which names its chunk in the build manifest. Every other page
 * (cart, account, sign-in, tracking, the back office) is rendered by the browser alone. Every page
 * loads on demand, so the storefront never downloads agent or admin code.
 */
function storefrontRoute(
  path: string,
  page: string,
  lazy: () => Promise<PageModule>,
  loader?: RouteObject['loader'],
): RouteObject {
  const handle: ServerRenderedHandle = { ssr: `features/${page}.tsx` };
  return loader ? { path, lazy, loader, handle } : { path, lazy, handle };
}

/** Shown while the first page's code loads: nothing, as before, without the router's console warning. */
function FirstLoad() {
  return null;
}

const isCollection = (slug: string) => Object.hasOwn(COLLECTIONS, slug);

/** One route table for the browser's router and the server's static handler. */
export function createRoutes({ queryClient, catalog, waitForData }: RouteData): RouteObject[] {
  async function load<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): Promise<T | null> {
    if (waitForData) return queryClient.fetchQuery(options);
    void queryClient.prefetchQuery(options);
    return null;
  }

  /** /buy: on the server, a page past the end (an old link, ?page=99) answers with a redirect to the last page. */
  async function buyLoader({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    const list = await load(catalogQueries.devices(readFilters(url.searchParams), catalog));
    if (list && list.items.length === 0 && list.filteredTotal > 0) {
      const pageCount = Math.max(1, Math.ceil(list.filteredTotal / list.pageSize));
      if (pageCount > 1) url.searchParams.set('page', String(pageCount));
      else url.searchParams.delete('page');
      throw redirect(`${url.pathname}${url.search}`);
    }
    return null;
  }

  return [
    {
      element: <RootLayout />,
      errorElement: (
        <Suspense fallback={null}>
          <RouteErrorPage />
        </Suspense>
      ),
      HydrateFallback: FirstLoad,
      children: [
        storefrontRoute(
          paths.home,
          'catalog/home-page',
          () => import('../features/catalog/home-page'),
          async () => (await load(catalogQueries.home(catalog)), null),
        ),
        storefrontRoute(paths.buy, 'catalog/buy-page', () => import('../features/catalog/buy-page'), buyLoader),
        storefrontRoute(
          '/collections/:slug',
          'catalog/collection-page',
          () => import('../features/catalog/collection-page'),
          async ({ params, request }) => {
            const slug = params.slug ?? '';
            if (isCollection(slug)) {
              await load(catalogQueries.collection(slug, pageParam(new URL(request.url).searchParams), catalog));
            }
            return null;
          },
        ),
        storefrontRoute(
          '/device/:id',
          'catalog/device-page',
          () => import('../features/catalog/device-page'),
          async ({ params }) => (await load(catalogQueries.device(params.id ?? '', catalog)), null),
        ),
        { path: paths.cart, lazy: () => import('../features/cart/cart-page') },
        { path: '/order-confirmation/:orderNumber', lazy: () => import('../features/orders/order-confirmation-page') },
        { path: paths.auth, lazy: () => import('../features/auth/auth-page') },
        { path: paths.login, lazy: () => import('../features/auth/login-page') },
        { path: paths.signup, lazy: () => import('../features/auth/signup-page') },
        { path: paths.forgotPassword, lazy: () => import('../features/auth/forgot-password-page') },
        { path: paths.resetPassword, lazy: () => import('../features/auth/reset-password-page') },
        { path: paths.account, lazy: () => import('../features/account/account-page') },
        storefrontRoute(paths.about, 'content/about-page', () => import('../features/content/about-page')),
        storefrontRoute(paths.contact, 'content/contact-page', () => import('../features/content/contact-page')),
        storefrontRoute(paths.faq, 'content/faq-page', () => import('../features/content/faq-page')),
        storefrontRoute(paths.warranty, 'content/warranty-page', () => import('../features/content/warranty-page')),
        storefrontRoute(paths.returns, 'content/returns-page', () => import('../features/content/returns-page')),
        storefrontRoute(paths.shipping, 'content/shipping-page', () => import('../features/content/shipping-page')),
        storefrontRoute(paths.terms, 'content/terms-page', () => import('../features/content/terms-page')),
        storefrontRoute(paths.privacy, 'content/privacy-page', () => import('../features/content/privacy-page')),
        storefrontRoute(paths.reviews, 'content/reviews-page', () => import('../features/content/reviews-page')),
        storefrontRoute(paths.sell, 'sell/sell-page', () => import('../features/sell/sell-page')),
        storefrontRoute(paths.repairs, 'repairs/repairs-page', () => import('../features/repairs/repairs-page')),
        { path: paths.track, lazy: () => import('../features/track/track-page') },
        { path: paths.agentLogin, lazy: () => import('../features/auth/agent-login-page') },
        { path: paths.agentDashboard, lazy: () => import('../features/agent/agent-dashboard-page') },
        { path: paths.admin, lazy: () => import('../features/admin/admin-page') },
        ...Object.entries(PATH_ALIASES).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
        { path: '*', lazy: () => import('./not-found-page') },
      ],
    },
  ];
}
