import { and, asc, eq, lt } from 'drizzle-orm';
import type { OrderPaymentStatus } from '../../../shared/orders';
import type { DbHandle } from '../../db/client';
import { inSet, prepared, type Value } from '../../db/prepared';
import { orderItems, orders, orderStatusHistory } from '../../db/schema/orders';
import { AppError, notFound } from '../../lib/errors';
import { isPlacingBrowsersToken } from './access';
import { lockOrder, ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE, type OrderItemRow, type OrderRow } from './reads';

/**
 * An order's life after it is placed, as checkout's and the admin's flows move it: closed unpaid
 * (cancelled or expired), paid, cancelled by the admin, refunded; and the row locks those flows take
 * first. Each runs in the caller's transaction, which gives the stock back or takes it with it.
 */

/**
 * Closes an unpaid order as cancelled or expired, once: only an order still awaiting payment is
 * closed (false otherwise, nothing changed). The caller holds the order's row lock (lockOrder) and
 * gives its stock back in the same transaction. Undo: markOrderPaid reopens it for a late payment.
 */
export async function closeUnpaidOrder(
  tx: DbHandle,
  order: OrderRow,
  outcome: Extract<OrderPaymentStatus, 'cancelled' | 'expired'>,
  now: Date,
): Promise<boolean> {
  if (order.paymentStatus !== 'awaiting_payment') return false;
  await tx
    .update(orders)
    .set({ paymentStatus: outcome, status: 'cancelled', reservedUntil: null, updatedAt: now })
    .where(eq(orders.id, order.id));
  return true;
}

/**
 * Marks a locked order paid (the reservation becomes a sale) and returns its lines, for the
 * confirmation: one statement where two would each cost a run of the database.
 */
export async function markOrderPaid(tx: DbHandle, order: OrderRow, now: Date): Promise<OrderItemRow[]> {
  const mark = order.paymentStatus === 'awaiting_payment' ? markPaid.awaiting : markPaid.reopened;
  return mark(tx, { orderId: order.id, now });
}

/** markOrderPaid's statement, built once for each kind of order (db/prepared.ts). */
function markPaidStatement(reopen: boolean) {
  return prepared((tx, value: Value<{ orderId: string; now: Date }>) => {
    const paid = tx.$with('paid').as(
      tx
        .update(orders)
        // A closed order whose stock was taken again (a late payment) is an open order once more.
        .set({
          paymentStatus: 'paid',
          reservedUntil: null,
          updatedAt: inSet<Date>(value('now')),
          ...(reopen ? { status: 'pending' } : {}),
        })
        .where(eq(orders.id, value('orderId'))),
    );
    // A data-modifying WITH runs whether or not the select reads it; the lines are read by the order's id.
    return tx
      .with(paid)
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, value('orderId')))
      .orderBy(asc(orderItems.deviceId));
  });
}

const markPaid = { awaiting: markPaidStatement(false), reopened: markPaidStatement(true) };

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

/**
 * The admin cancels a locked order (pending or processing; the caller checked): its status becomes
 * cancelled with a history entry, an unpaid one stops awaiting payment. The caller gives the stock
 * back and refunds a paid one in the same flow (checkout/admin-orders.ts).
 */
export async function cancelOrderByAdmin(
  tx: DbHandle,
  order: OrderRow,
  { actorId, now }: { actorId: string; now: Date },
) {
  await tx
    .update(orders)
    .set({
      status: 'cancelled',
      reservedUntil: null,
      updatedAt: now,
      ...(order.paymentStatus === 'awaiting_payment' ? { paymentStatus: 'cancelled' } : {}),
    })
    .where(eq(orders.id, order.id));
  await tx
    .insert(orderStatusHistory)
    .values({ orderId: order.id, status: 'cancelled', note: 'Cancelled by the admin', actorId, createdAt: now });
}

/** A paid order whose payment was wholly refunded reads 'refunded' (once: only from paid). */
export async function markOrderRefunded(db: DbHandle, paymentReference: string, now: Date) {
  await db
    .update(orders)
    .set({ paymentStatus: 'refunded', updatedAt: now })
    .where(and(eq(orders.paymentReference, paymentReference), eq(orders.paymentStatus, 'paid')));
}
