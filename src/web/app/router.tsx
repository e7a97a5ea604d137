import { createBrowserRouter, Navigate } from 'react-router';
import { PATH_ALIASES, paths } from '../../shared/paths';
import { RootLayout } from './layout/root-layout';
import { RouteErrorPage } from './route-error-page';

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
keyFirstHistoryEntry();

/** Shown while the first page's code loads: nothing, as before, without the router's console warning. */
function FirstLoad() {
  return null;
}

/**
 * Every route loads its page on demand, so the storefront never downloads agent or admin code.
 * A page module exports `Component`.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: FirstLoad,
    children: [
      { path: paths.home, lazy: () => import('../features/catalog/home-page') },
      { path: paths.buy, lazy: () => import('../features/catalog/buy-page') },
      { path: '/collections/:slug', lazy: () => import('../features/catalog/collection-page') },
      { path: '/device/:id', lazy: () => import('../features/catalog/device-page') },
      { path: paths.cart, lazy: () => import('../features/cart/cart-page') },
      { path: '/order-confirmation/:orderNumber', lazy: () => import('../features/orders/order-confirmation-page') },
      { path: paths.auth, lazy: () => import('../features/auth/auth-page') },
      { path: paths.login, lazy: () => import('../features/auth/login-page') },
      { path: paths.signup, lazy: () => import('../features/auth/signup-page') },
      { path: paths.forgotPassword, lazy: () => import('../features/auth/forgot-password-page') },
      { path: paths.resetPassword, lazy: () => import('../features/auth/reset-password-page') },
      { path: paths.account, lazy: () => import('../features/account/account-page') },
      { path: paths.about, lazy: () => import('../features/content/about-page') },
      { path: paths.contact, lazy: () => import('../features/content/contact-page') },
      { path: paths.faq, lazy: () => import('../features/content/faq-page') },
      { path: paths.warranty, lazy: () => import('../features/content/warranty-page') },
      { path: paths.returns, lazy: () => import('../features/content/returns-page') },
      { path: paths.shipping, lazy: () => import('../features/content/shipping-page') },
      { path: paths.terms, lazy: () => import('../features/content/terms-page') },
      { path: paths.privacy, lazy: () => import('../features/content/privacy-page') },
      { path: paths.reviews, lazy: () => import('../features/content/reviews-page') },
      { path: paths.sell, lazy: () => import('../features/sell/sell-page') },
      { path: paths.repairs, lazy: () => import('../features/repairs/repairs-page') },
      { path: paths.track, lazy: () => import('../features/track/track-page') },
      { path: paths.agentLogin, lazy: () => import('../features/auth/agent-login-page') },
      { path: paths.agentDashboard, lazy: () => import('../features/agent/agent-dashboard-page') },
      { path: paths.admin, lazy: () => import('../features/admin/admin-page') },
      ...Object.entries(PATH_ALIASES).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
      { path: '*', lazy: () => import('./not-found-page') },
    ],
  },
]);
