import type { HydrationState } from 'react-router';

/**
 * What the server's page carries for hydration: the router's loader data in the nonce-bearing script
 * React Router reads (window.__staticRouterHydrationData), and what the page knew of its visitor as a
 * JSON data block with this id (data, never run, so the CSP has nothing to allow for it).
 */
export const PAGE_STATE_ID = 'quickbuy-page';

/** The performance mark the app sets once the first page is live (hydrated, or rendered by the browser). */
export const READY_MARK = 'quickbuy:ready';

export interface PageState {
  /** The request carried no session cookie: nobody is signed in. */
  anonymous: boolean;
}

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
  }
}
