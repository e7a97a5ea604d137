/**
 * What the server's page carries for hydration, as a JSON data block with this id (data, never run, so the
 * CSP has nothing to allow for it): what the page knew of its visitor, and its loader's data.
 */
export const PAGE_STATE_ID = 'quickbuy-page';

/** The performance mark the app sets once the first page is live (hydrated, or rendered by the browser). */
export const READY_MARK = 'quickbuy:ready';

export interface PageState {
  /** The request carried no session cookie: nobody is signed in. */
  anonymous: boolean;
  /** What the page's loader returned on the server (null: the page has no loader). */
  data: unknown;
}
