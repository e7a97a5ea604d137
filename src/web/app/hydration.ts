import type { HydrationState } from 'react-router';

/**
 * What the server's page carries for hydration: the router's loader data in the nonce-bearing script
 * React Router reads (window.__staticRouterHydrationData), and the TanStack Query cache as a JSON data
 * block with this id (data, never run, so the CSP has nothing to allow for it).
 */
export const QUERY_STATE_ID = 'quickbuy-queries';

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
  }
}
