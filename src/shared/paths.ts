import type { CollectionSlug } from './catalog';

/** Every link the app makes comes from here, and the server knows the same routes (titles, 404s, sitemap). */
export const paths = {
  home: '/',
  buy: '/buy',
  device: (id: string) => `/device/${encodeURIComponent(id)}`,
  collection: (slug: CollectionSlug) => `/collections/${slug}`,
  cart: '/cart',
  orderConfirmation: (orderNumber: string) => `/order-confirmation/${encodeURIComponent(orderNumber)}`,
  auth: '/auth',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Where the link emailed to a new address confirms an email change. */
  confirmEmail: '/confirm-email',
  account: '/account',
  about: '/about',
  contact: '/contact',
  faq: '/faq',
  warranty: '/warranty',
  returns: '/returns',
  shipping: '/shipping',
  terms: '/terms',
  privacy: '/privacy',
  reviews: '/reviews',
  sell: '/sell',
  repairs: '/repairs',
  track: '/track',
  /** A return or warranty claim from an order (`kind` return or warranty) or a finished repair. */
  startReturn: (source: { orderNumber: string; kind: 'return' | 'warranty' } | { repairNumber: string }) =>
    'orderNumber' in source
      ? `/return-requests/new?order=${encodeURIComponent(source.orderNumber)}&kind=${source.kind}`
      : `/return-requests/new?repair=${encodeURIComponent(source.repairNumber)}`,
  returnRequest: (returnNumber: string) => `/return-requests/${encodeURIComponent(returnNumber)}`,
  /** The track page with a number filled in and searched. */
  trackNumber: (number: string) => `/track?number=${encodeURIComponent(number)}`,
  agentLogin: '/agent-login',
  agentDashboard: '/agent-dashboard',
  admin: '/admin',
  /** The Transactions tab searched for one trade-in, its details open (the admin's new trade-in email links here). */
  adminTradeIn: (number: string) =>
    `/admin?tab=transactions&q=${encodeURIComponent(number)}&${ADMIN_OPEN_PARAM}=${encodeURIComponent(number)}`,
} as const;

/** The admin's query parameter naming the record whose details a tab opens with. */
export const ADMIN_OPEN_PARAM = 'open';

/**
 * The query parameter of /contact after the form was posted without JavaScript (docs/decisions/054): the
 * server stores the message and redirects to `?notice=sent`, or to `?notice=unsent` when a field is refused.
 * Here, not in contact.ts, because the route table reads it and contact.ts would bring zod to the first load.
 */
export const CONTACT_NOTICE = 'notice';
export const CONTACT_NOTICES = ['sent', 'unsent'] as const;

/** Aliases the spec names (the assistant's instructions link them). */
export const PATH_ALIASES: Record<string, string> = {
  '/shipping-info': paths.shipping,
  '/return-policy': paths.returns,
  '/terms-of-service': paths.terms,
};
