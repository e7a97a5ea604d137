import { STORE } from '../../../shared/store';

/**
 * The cart's order awaiting payment, by number, kept from placing it until it is paid or given up:
 * a reload while the widget is open forgets the widget, not the order, so the cart can offer to pay it
 * again. Only the number is kept here; the server opens it for its token or its customer's session.
 */
const KEY = `${STORE.storageKey}_unpaid_order`;

export const unpaidOrder = {
  read(): string | null {
    try {
      return window.localStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  save(orderNumber: string): void {
    try {
      window.localStorage.setItem(KEY, orderNumber);
    } catch {
      // Private mode: a reload loses the offer to resume, and the hold lapses as before.
    }
  },
  /** Paid, cancelled, replaced or lapsed: the cart has no unpaid order any more. */
  forget(): void {
    try {
      window.localStorage.removeItem(KEY);
    } catch {
      // Nothing was kept.
    }
  },
};
