import { useSyncExternalStore } from 'react';
import { STORE } from '../../shared/store';

/** A cart line as the spec keeps it in browser storage (spec 000 section 3 'Cart item'). */
export interface CartItem {
  id: string;
  name: string;
  price: number;
  quantity: number;
  image: string;
  condition: string;
  storage: string;
}

/** The cart lives in browser storage under a key named after the store. */
export const CART_STORAGE_KEY = `${STORE.storageKey}_cart`;

const listeners = new Set<() => void>();
let cache: CartItem[] | null = null;

function read(): CartItem[] {
  if (cache) return cache;
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cache = Array.isArray(parsed) ? (parsed as CartItem[]).filter(isCartItem) : [];
  } catch (error) {
    // Spec 000 section 8: a cart that fails to read is logged and ignored.
    console.warn('Ignoring a saved cart that could not be read', error);
    cache = [];
  }
  return cache;
}

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  return (
    typeof item?.id === 'string' &&
    typeof item.price === 'number' &&
    Number.isInteger(item.quantity) &&
    item.quantity > 0
  );
}

function write(items: CartItem[]) {
  cache = items;
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch (error) {
    console.warn('Could not save the cart', error);
  }
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  // Another tab changed the cart.
  window.addEventListener('storage', (event) => {
    if (event.key !== CART_STORAGE_KEY) return;
    cache = null;
    listeners.forEach((listener) => listener());
  });
}

const CART_ID_KEY = `${STORE.storageKey}_cart_id`;

/**
 * This browser's cart, named at random once: a checkout sends it, so a second checkout of the same
 * cart replaces the first's unpaid order instead of holding the stock twice. A new one after payment.
 */
function cartId(): string | undefined {
  try {
    let id = window.localStorage.getItem(CART_ID_KEY);
    if (!id) {
      id = crypto.randomUUID();
      window.localStorage.setItem(CART_ID_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

function renameCart() {
  try {
    window.localStorage.removeItem(CART_ID_KEY);
  } catch {
    // Storage unavailable: the next checkout sends no cart id.
  }
}

export const cart = {
  items: read,
  id: cartId,
  /** An item already in the cart goes up by one; a new one starts at 1. */
  add(item: Omit<CartItem, 'quantity'>) {
    const items = read();
    const existing = items.find((line) => line.id === item.id);
    write(
      existing
        ? items.map((line) => (line.id === item.id ? { ...line, quantity: line.quantity + 1 } : line))
        : [...items, { ...item, quantity: 1 }],
    );
  },
  /** 0 or less removes the line (spec 000 section 4). */
  setQuantity(id: string, quantity: number) {
    const items = read();
    write(
      quantity <= 0
        ? items.filter((line) => line.id !== id)
        : items.map((line) => (line.id === id ? { ...line, quantity } : line)),
    );
  },
  /** Refreshes a line's details (a price that changed on the server) without touching its quantity. */
  update(id: string, patch: Partial<Omit<CartItem, 'id' | 'quantity'>>) {
    const items = read();
    if (!items.some((line) => line.id === id)) return;
    write(items.map((line) => (line.id === id ? { ...line, ...patch } : line)));
  },
  remove(id: string) {
    write(read().filter((line) => line.id !== id));
  },
  /** After a paid order: empty, under a new name. */
  clear() {
    renameCart();
    write([]);
  },
  /**
   * After an order paid elsewhere than the cart (its order page): the units it bought leave the cart, so
   * they cannot be bought twice, and the cart takes a new name, since the order its name held is paid.
   */
  settle(bought: ReadonlyArray<{ deviceId: string; quantity: number }>) {
    renameCart();
    const paidFor = new Map(bought.map((line) => [line.deviceId, line.quantity]));
    write(
      read()
        .map((line) => ({ ...line, quantity: line.quantity - (paidFor.get(line.id) ?? 0) }))
        .filter((line) => line.quantity > 0),
    );
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server has no browser storage: it renders an empty cart, and the badge fills in after hydration. */
const NO_ITEMS: CartItem[] = [];

export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, read, () => NO_ITEMS);
}

/** The header badge: the number of items, counting quantities. */
export function useCartCount(): number {
  return useCart().reduce((sum, line) => sum + line.quantity, 0);
}
