import { STORE } from '../../../shared/store';
import type { TypedCustomer } from './checkout-form';

/**
 * What the shopper typed on the details step (names, contact, addresses), kept for this tab only
 * (sessionStorage) so a reload, Back and Forward, or a cancelled payment bring it back. Never card
 * data: the card is typed into the provider's widget, not here. Forgotten once the order is paid.
 */
const KEY = `${STORE.storageKey}_checkout_details`;

// The tab's copy when sessionStorage refuses (some private modes): the steps still keep it, a reload does not.
let memory: unknown = null;

export const typedDetails = {
  /** As stored: the form lays it over its blank values, so a field it lacks stays blank. */
  read(): Partial<TypedCustomer> | null {
    let value = memory;
    try {
      const raw = window.sessionStorage.getItem(KEY);
      if (raw) value = JSON.parse(raw);
    } catch {
      // Unreadable: the memory copy, if any.
    }
    return typeof value === 'object' && value !== null ? (value as Partial<TypedCustomer>) : null;
  },
  save(customer: Partial<TypedCustomer>): void {
    memory = customer;
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify(customer));
    } catch {
      // Storage refused: the memory copy serves until a reload.
    }
  },
  forget(): void {
    memory = null;
    try {
      window.sessionStorage.removeItem(KEY);
    } catch {
      // Nothing was kept.
    }
  },
};
