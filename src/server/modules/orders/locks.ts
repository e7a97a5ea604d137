import { and, asc, eq, lt } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { AppError, notFound } from '../../lib/errors';
import { isPlacingBrowsersToken } from './access';
import { lockOrder, ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE, type OrderRow } from './reads';

/**
 * The row locks checkout's flows take before they move an order (moves.ts): the order a buyer
 * cancels, the unpaid orders of a cart a new checkout replaces, the holds that have lapsed.
 */

/**
 * The order the buyer holding its token may still cancel, locked: 404 for a missing order or a
 * wrong token (a stranger learns nothing), 409 once it is paid.
 */
export async function lockOrderToCancel(tx: DbHandle, orderNumber: string, accessToken: string | undefined) {
  const order = await lockOrder(tx, { orderNumber });
  if (!order || !isPlacingBrowsersToken(order, accessToken)) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
    throw new AppError('ORDER_ALREADY_PAID', 'This order is already paid', { status: 409 });
  }
  return order;
}

/** The unpaid orders placed from this cart, locked: a new checkout of the cart replaces them. */
export async function lockOpenOrdersOfCart(tx: DbHandle, cartId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.cartId, cartId), eq(orders.paymentStatus, 'awaiting_payment')))
    .orderBy(asc(orders.id))
    .for('update');
}

/**
 * Up to `limit` orders still awaiting payment past their reservation, locked. `skip locked`: an
 * order another instance is closing is left to it, so two never close the same one.
 */
export async function lockExpiredOrders(tx: DbHandle, now: Date, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'awaiting_payment'), lt(orders.reservedUntil, now)))
    .orderBy(asc(orders.reservedUntil))
    .limit(limit)
    .for('update', { skipLocked: true });
}
