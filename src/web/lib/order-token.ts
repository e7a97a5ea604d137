import { ORDER_TOKEN_HEADER } from '../../shared/orders';
import { STORE } from '../../shared/store';

/**
 * The order's access token stays in this browser's localStorage, keyed by order number, so the
 * order opens again in a new tab or after a restart; the email's signed link brings its own token.
 */
const key = (orderNumber: string) => `${STORE.storageKey}_order_token:${orderNumber}`;
/** Set when the kept token came from the emailed link: it proves who reads the order's address, not who placed it. */
const fromLinkKey = (orderNumber: string) => `${STORE.storageKey}_order_token_from_link:${orderNumber}`;

/** Keeps the order's token: the placing browser's own (`placing`) or an emailed link's (`link`). */
export function saveOrderToken(orderNumber: string, token: string, from: 'placing' | 'link' = 'placing'): void {
  try {
    window.localStorage.setItem(key(orderNumber), token);
    if (from === 'link') window.localStorage.setItem(fromLinkKey(orderNumber), '1');
    else window.localStorage.removeItem(fromLinkKey(orderNumber));
  } catch {
    // Private mode: the order is still readable by a signed-in owner or through its email link.
  }
}

/** This browser's token for the order, if it placed it or opened its link. */
export function readOrderToken(orderNumber: string): string | null {
  try {
    return window.localStorage.getItem(key(orderNumber));
  } catch {
    return null;
  }
}

/**
 * The token of the emailed link this browser opened the order from, or null: the one proof the guest's data
 * requests take (the placing browser's own token is refused by the server, so the page does not offer them).
 */
export function readLinkToken(orderNumber: string): string | null {
  try {
    return window.localStorage.getItem(fromLinkKey(orderNumber)) ? readOrderToken(orderNumber) : null;
  } catch {
    return null;
  }
}

/** The headers of a read of the order: its token when this browser has one, which shows the order's details too. */
export function orderTokenHeaders(orderNumber: string): Record<string, string> {
  const token = readOrderToken(orderNumber);
  return token ? { [ORDER_TOKEN_HEADER]: token } : {};
}

/**
 * The token an order's email link carries in its fragment (#token=...), saved and then removed from
 * the address bar, so it is not bookmarked, shared or shown over someone's shoulder.
 */
export function takeTokenFromLink(orderNumber: string): void {
  const match = /^#token=([\w.-]{20,120})$/.exec(window.location.hash);
  if (!match) return;
  saveOrderToken(orderNumber, match[1]!, 'link');
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}
