import { STORE } from '../../shared/store';

/** The order's access token stays in this tab's sessionStorage, keyed by order number. */
const key = (orderNumber: string) => `${STORE.storageKey}_order_token:${orderNumber}`;

export function saveOrderToken(orderNumber: string, token: string): void {
  try {
    window.sessionStorage.setItem(key(orderNumber), token);
  } catch {
    // Private mode: the order is still readable by a signed-in owner.
  }
}

export function readOrderToken(orderNumber: string): string | null {
  try {
    return window.sessionStorage.getItem(key(orderNumber));
  } catch {
    return null;
  }
}
