import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { COLLECTIONS } from '../../shared/catalog';
import { PATH_ALIASES, paths } from '../../shared/paths';
import type { StorefrontData } from '../../shared/server-render';
import { catalogReads, loadCatalog, pageParam, readFilters } from '../features/catalog/catalog-data';
import { RootLayout } from './layout/root-layout';

/** The failure page loads only when something failed: it is never on a page's first load. */
const RouteErrorPage = lazy(() => import('./route-error-page').then((module) => ({ default: module.RouteErrorPage })));

/** What the route loaders read with, on each side. */
export interface RouteData {
  /** The request's query client on the server; in the browser the pages share the tab's (lib/queries). */
  queryClient?: QueryClient;
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
 * A page the server renders (the storefront: docs/decisions/032), with its source file under src/web,
 * which names its chunk in the build manifest. Every other page (cart, account, sign-in, tracking, the
 * back office) is rendered by the browser alone. Every page loads on demand, so the storefront never
 * downloads agent or admin code.
 */
function serverRendered(source: string, lazy: () => Promise<PageModule>): Pick<RouteObject, 'lazy' | 'handle'> {
  return { lazy, handle: { ssr: source } satisfies ServerRenderedHandle };
}

/** Shown while the first page's code loads: nothing, as before, without the router's console warning. */
function FirstLoad() {
  return null;
}

const isCollection = (slug: string) => Object.hasOwn(COLLECTIONS, slug);

/** One route table for the browser's router and the server's static handler. */
export function createRoutes({ queryClient, catalog, waitForData }: RouteData): RouteObject[] {
  const load = <T,>(request: Request, read: () => Promise<T>) => loadCatalog(request, read, { waitForData });

  /**
   * A page that reads or writes through TanStack Query gets the provider with its code, so the
   * storefront's first load (which reads through the loaders) does without the library.
   */
  function withQueries(page: () => Promise<PageModule>): () => Promise<PageModule> {
    return async () => {
      const [{ Component: Page }, { QueryProvider }] = await Promise.all([page(), import('../lib/queries')]);
      return {
        Component: () => (
          <QueryProvider client={queryClient}>
            <Page />
          </QueryProvider>
        ),
      };
    };
  }

  /** /buy: on the server, a page past the end (an old link, ?page=99) answers with a redirect to the last page. */
  async function buyLoader({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    const data = await load(request, () => catalogReads.devices(readFilters(url.searchParams), catalog));
    const list = data.reply;
    if (!(list instanceof Promise) && list.items.length === 0 && list.filteredTotal > 0) {
      const pageCount = Math.max(1, Math.ceil(list.filteredTotal / list.pageSize));
      if (pageCount > 1) url.searchParams.set('page', String(pageCount));
      else url.searchParams.delete('page');
      throw redirect(`${url.pathname}${url.search}`);
    }
    return data;
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
        {
          path: paths.home,
          ...serverRendered('features/catalog/home-page.tsx', () => import('../features/catalog/home-page')),
          loader: ({ request }) => load(request, () => catalogReads.home(catalog)),
        },
        {
          path: paths.buy,
          ...serverRendered('features/catalog/buy-page.tsx', () => import('../features/catalog/buy-page')),
          loader: buyLoader,
        },
        {
          path: '/collections/:slug',
          ...serverRendered(
            'features/catalog/collection-page.tsx',
            () => import('../features/catalog/collection-page'),
          ),
          loader: ({ params, request }) => {
            const slug = params.slug ?? '';
            return isCollection(slug)
              ? load(request, () =>
                  catalogReads.collection(slug, pageParam(new URL(request.url).searchParams), catalog),
                )
              : null;
          },
        },
        {
          path: '/device/:id',
          ...serverRendered('features/catalog/device-page.tsx', () => import('../features/catalog/device-page')),
          loader: ({ params, request }) => load(request, () => catalogReads.device(params.id ?? '', catalog)),
        },
        { path: paths.cart, lazy: withQueries(() => import('../features/cart/cart-page')) },
        {
          path: '/order-confirmation/:orderNumber',
          lazy: withQueries(() => import('../features/orders/order-confirmation-page')),
        },
        { path: paths.auth, lazy: withQueries(() => import('../features/auth/auth-page')) },
        { path: paths.login, lazy: withQueries(() => import('../features/auth/login-page')) },
        { path: paths.signup, lazy: withQueries(() => import('../features/auth/signup-page')) },
        { path: paths.forgotPassword, lazy: withQueries(() => import('../features/auth/forgot-password-page')) },
        { path: paths.resetPassword, lazy: withQueries(() => import('../features/auth/reset-password-page')) },
        { path: paths.account, lazy: withQueries(() => import('../features/account/account-page')) },
        {
          path: paths.about,
          ...serverRendered('features/content/about-page.tsx', () => import('../features/content/about-page')),
        },
        {
          path: paths.contact,
          ...serverRendered('features/content/contact-page.tsx', () => import('../features/content/contact-page')),
        },
        {
          path: paths.faq,
          ...serverRendered('features/content/faq-page.tsx', () => import('../features/content/faq-page')),
        },
        {
          path: paths.warranty,
          ...serverRendered('features/content/warranty-page.tsx', () => import('../features/content/warranty-page')),
        },
        {
          path: paths.returns,
          ...serverRendered('features/content/returns-page.tsx', () => import('../features/content/returns-page')),
        },
        {
          path: paths.shipping,
          ...serverRendered('features/content/shipping-page.tsx', () => import('../features/content/shipping-page')),
        },
        {
          path: paths.terms,
          ...serverRendered('features/content/terms-page.tsx', () => import('../features/content/terms-page')),
        },
        {
          path: paths.privacy,
          ...serverRendered('features/content/privacy-page.tsx', () => import('../features/content/privacy-page')),
        },
        {
          path: paths.reviews,
          ...serverRendered('features/content/reviews-page.tsx', () => import('../features/content/reviews-page')),
        },
        {
          path: paths.sell,
          ...serverRendered('features/sell/sell-page.tsx', () => import('../features/sell/sell-page')),
        },
        {
          path: paths.repairs,
          ...serverRendered(
            'features/repairs/repairs-page.tsx',
            withQueries(() => import('../features/repairs/repairs-page')),
          ),
        },
        { path: paths.track, lazy: withQueries(() => import('../features/track/track-page')) },
        { path: paths.agentLogin, lazy: withQueries(() => import('../features/auth/agent-login-page')) },
        { path: paths.agentDashboard, lazy: withQueries(() => import('../features/agent/agent-dashboard-page')) },
        { path: paths.admin, lazy: withQueries(() => import('../features/admin/admin-page')) },
        ...Object.entries(PATH_ALIASES).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
        { path: '*', lazy: () => import('./not-found-page') },
      ],
    },
  ];
}
