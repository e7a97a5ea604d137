import { useEffect, useRef, useState } from 'react';
import { cart, type CartItem } from '../../lib/cart-store';
import { useCurrentDevices, useRecheckCart } from './cart-api';
import type { LineStatus } from './cart-line';

/**
 * The cart's lines checked against the server (GET /api/devices/:id): a changed price replaces the
 * line's price and is reported as changed; a device gone or short of stock is flagged. Units the
 * shopper's own unpaid order holds (`held`, per device) count as theirs: a new checkout of the cart
 * gives them back before it takes them. `recheck` asks again for every line (after the checkout was
 * refused: sold out or gone since; after a payment is given up: its hold is back on sale).
 */
export function useCurrentPrices(
  items: CartItem[],
  held: Record<string, number> = {},
): {
  statuses: Record<string, LineStatus>;
  checking: boolean;
  recheck: () => Promise<void>;
} {
  const results = useCurrentDevices(items.map((item) => item.id));
  const recheck = useRecheckCart();
  const [previous, setPrevious] = useState<Record<string, number>>({});
  const applied = useRef(new Map<string, number>());

  useEffect(() => {
    results.forEach((result, i) => {
      const item = items[i];
      const device = result.data;
      if (!item || !device) return;
      if (device.price !== item.price && applied.current.get(item.id) !== device.price) {
        applied.current.set(item.id, device.price);
        setPrevious((p) => ({ ...p, [item.id]: p[item.id] ?? item.price }));
        cart.update(item.id, { price: device.price });
      }
    });
  });

  const statuses: Record<string, LineStatus> = {};
  results.forEach((result, i) => {
    const item = items[i];
    if (!item) return;
    const status: LineStatus = {};
    if (previous[item.id] !== undefined && previous[item.id] !== item.price) status.previousPrice = previous[item.id];
    if (result.data === null) status.problem = 'No longer available';
    else if (result.data) {
      const left = result.data.inStock ? result.data.quantity + (held[item.id] ?? 0) : 0;
      status.available = left;
      if (left <= 0) status.problem = 'Out of Stock';
      else if (left < item.quantity) status.problem = `Only ${left} left`;
    }
    statuses[item.id] = status;
  });
  return { statuses, checking: results.some((r) => r.isLoading), recheck };
}
