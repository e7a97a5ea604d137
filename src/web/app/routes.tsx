import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { COLLECTIONS } from '../../shared/catalog';
import { PATH_ALIASES, paths } from '../../shared/paths';
import type { StorefrontData } from '../../shared/server-render';
import { catalogQueries, readFilters, pageParam } from '../features/catalog/catalog-queries';
import { RootLayout } from './layout/root-layout';
import { RouteErrorPage } from './route-error-page';

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

/** Every page, found by file name: each loads on demand, so the storefront never downloads agent or admin code. */
const pageModules = import.meta.glob<PageModule>(['../features/*/*-page.tsx', './not-found-page.tsx']);

/** What the server needs to know of a page it renders: the page's source file (its chunk is preloaded). */
export interface ServerRenderedHandle {
  ssr: string;
}

/**
 * A route's page. `ssr`: the server renders it (the storefront: docs/decisions/032); the others
 * (cart, account, sign-in, tracking, the back office) are rendered by the browser alone.
 */
function page(file: string, { ssr = false } = {}): Pick<RouteObject, 'lazy' | 'handle'> {
  const source = file.startsWith('./') ? `app/${file.slice(2)}.tsx` : `features/${file}.tsx`;
  const lazy = pageModules[file.startsWith('./') ? `${file}.tsx` : `../features/${file}.tsx`];
  if (!lazy) throw new Error(`No page module ${source}`);
  return ssr ? { lazy, handle: { ssr: source } satisfies ServerRenderedHandle } : { lazy };
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
      errorElement: <RouteErrorPage />,
      HydrateFallback: FirstLoad,
      children: [
        {
          path: paths.home,
          ...page('catalog/home-page', { ssr: true }),
          loader: async () => (await load(catalogQueries.home(catalog)), null),
        },
        { path: paths.buy, ...page('catalog/buy-page', { ssr: true }), loader: buyLoader },
        {
          path: '/collections/:slug',
          ...page('catalog/collection-page', { ssr: true }),
          loader: async ({ params, request }) => {
            const slug = params.slug ?? '';
            if (isCollection(slug)) {
              await load(catalogQueries.collection(slug, pageParam(new URL(request.url).searchParams), catalog));
            }
            return null;
          },
        },
        {
          path: '/device/:id',
          ...page('catalog/device-page', { ssr: true }),
          loader: async ({ params }) => (await load(catalogQueries.device(params.id ?? '', catalog)), null),
        },
        { path: paths.cart, ...page('cart/cart-page') },
        { path: '/order-confirmation/:orderNumber', ...page('orders/order-confirmation-page') },
        { path: paths.auth, ...page('auth/auth-page') },
        { path: paths.login, ...page('auth/login-page') },
        { path: paths.signup, ...page('auth/signup-page') },
        { path: paths.forgotPassword, ...page('auth/forgot-password-page') },
        { path: paths.resetPassword, ...page('auth/reset-password-page') },
        { path: paths.account, ...page('account/account-page') },
        { path: paths.about, ...page('content/about-page', { ssr: true }) },
        { path: paths.contact, ...page('content/contact-page', { ssr: true }) },
        { path: paths.faq, ...page('content/faq-page', { ssr: true }) },
        { path: paths.warranty, ...page('content/warranty-page', { ssr: true }) },
        { path: paths.returns, ...page('content/returns-page', { ssr: true }) },
        { path: paths.shipping, ...page('content/shipping-page', { ssr: true }) },
        { path: paths.terms, ...page('content/terms-page', { ssr: true }) },
        { path: paths.privacy, ...page('content/privacy-page', { ssr: true }) },
        { path: paths.reviews, ...page('content/reviews-page', { ssr: true }) },
        { path: paths.sell, ...page('sell/sell-page', { ssr: true }) },
        { path: paths.repairs, ...page('repairs/repairs-page', { ssr: true }) },
        { path: paths.track, ...page('track/track-page') },
        { path: paths.agentLogin, ...page('auth/agent-login-page') },
        { path: paths.agentDashboard, ...page('agent/agent-dashboard-page') },
        { path: paths.admin, ...page('admin/admin-page') },
        ...Object.entries(PATH_ALIASES).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
        { path: '*', ...page('./not-found-page') },
      ],
    },
  ];
}
