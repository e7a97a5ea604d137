import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminOrderRow, advanceOrderSchema, trackingSchema } from '../../../shared/admin-orders';
import {
  ADVANCE_MOVES,
  ORDER_MOVE_NOT_ALLOWED,
  ORDER_MOVES,
  orderMoveRefusal,
  type OrderMove,
} from '../../../shared/order-moves';
import type { OrderHistoryKind, OrderPaymentStatus, OrderStatus } from '../../../shared/orders';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { inSet, prepared, type Value } from '../../db/prepared';
import { orderItems, orders, orderStatusHistory } from '../../db/schema/orders';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { recordAudit, type Actor } from '../audit';
import { enqueueEmail } from '../mail';
import { adminOrderRow } from './admin-orders';
import {
  findOrder,
  lockOrder,
  ORDER_NOT_FOUND,
  ORDER_NOT_FOUND_MESSAGE,
  type OrderItemRow,
  type OrderRow,
} from './reads';
import { renderOrderStatusEmail, renderTrackingEmail } from './status-email';

/*
 * Every change of an order's status, and nothing else writes one. The admin's moves follow the table
 * in shared/order-moves.ts (the Orders tab offers what it allows, and assertOrderMove refuses the
 * rest with 409 saying why); checkout's workflow and the admin's money flows compose these with stock
 * and payments, in their own transactions:
 *
 *   closeUnpaidOrder   awaiting payment -> cancelled or expired   (the buyer gives up, the hold lapses)
 *   markOrderPaid      awaiting payment, or closed with its stock taken again -> paid
 *   advanceOrder       pending -> processing -> shipped -> delivered, one step at a time (the admin)
 *   updateTracking     a courier and number on a paid order not yet delivered (the admin)
 *   cancelOrder        pending or processing -> cancelled (the admin; checkout gives back stock and money)
 *   markOrderRefunded  paid -> refunded, once its payment is wholly refunded
 */

/** 409 ORDER_MOVE_NOT_ALLOWED saying why, when the table of moves does not allow `move` on the order now. */
export function assertOrderMove(move: OrderMove, order: Pick<OrderRow, 'status' | 'paymentStatus'>) {
  const refusal = orderMoveRefusal(move, {
    status: order.status as OrderStatus,
    paymentStatus: order.paymentStatus as OrderPaymentStatus,
  });
  if (refusal) throw new AppError(ORDER_MOVE_NOT_ALLOWED, refusal, { status: 409 });
}

const normalised = (orderNumber: string) => orderNumber.trim().toUpperCase();

/** Step: the order by its number, locked for the move; 404 when there is none. */
async function lockByNumber(tx: DbHandle, orderNumber: string): Promise<OrderRow> {
  const order = await lockOrder(tx, { orderNumber: normalised(orderNumber) });
  if (!order) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/** Step: one entry of the order's history: a status it reached, or (kind 'tracking') a courier and number. */
async function addHistory(
  tx: DbHandle,
  entry: { orderId: string; kind?: OrderHistoryKind; status: string; actorId: string | null; note: string; at: Date },
) {
  const { at, ...values } = entry;
  await tx.insert(orderStatusHistory).values({ ...values, createdAt: at });
}

// --- Checkout's moves, in the caller's transaction, which moves the stock with them ----------------

/**
 * Closes an unpaid order as cancelled or expired, once: only an order still awaiting payment is
 * closed (false otherwise, nothing changed). The caller holds the order's row lock and gives its
 * stock back in the same transaction. Undo: markOrderPaid reopens it for a late payment.
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

// --- The admin's moves -------------------------------------------------------------------------------

/** An admin's move on one order: who makes it, on which order, with the move's parsed input. */
type AdminMove<Schema extends z.ZodType> = {
  db: Database;
  clock: Clock;
  publicUrl: string;
  actor: Actor;
  orderNumber: string;
  input: z.output<Schema>;
};

/**
 * POST /api/admin/orders/:orderNumber/status: pending -> processing -> shipped -> delivered, one
 * step at a time, on a paid order. The state is checked in the UPDATE itself, so two admins pressing
 * the same button move the order once; the other gets 409 saying where the order is. Shipping stores
 * the courier and tracking number it names (replacing any earlier ones) and the Shipped email carries them.
 */
export async function advanceOrder(move: AdminMove<typeof advanceOrderSchema>): Promise<AdminOrderRow> {
  const { db, clock, publicUrl, actor, orderNumber, input } = move;
  const now = clock.now();
  const name = ADVANCE_MOVES[input.status];
  const rule = ORDER_MOVES[name];
  const tracking = input.status === 'shipped' ? { courier: input.courier, trackingNumber: input.trackingNumber } : {};
  return transaction(db, async (tx) => {
    const [moved] = await tx
      .update(orders)
      .set({ status: input.status, ...tracking, updatedAt: now })
      .where(
        and(
          eq(orders.orderNumber, normalised(orderNumber)),
          inArray(orders.status, [...rule.from]),
          inArray(orders.paymentStatus, [...rule.payments]),
        ),
      )
      .returning();
    if (!moved) {
      const order = await findOrder(tx, { orderNumber: normalised(orderNumber) });
      if (!order) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
      assertOrderMove(name, order);
      throw new AppError(ORDER_MOVE_NOT_ALLOWED, 'This order changed meanwhile: reload it', { status: 409 });
    }
    await addHistory(tx, { orderId: moved.id, status: input.status, actorId: actor.id, note: rule.label, at: now });
    await recordAudit(tx, {
      actor,
      action: 'order.advance',
      entity: { type: 'order', id: moved.orderNumber },
      before: { status: rule.from[0] },
      after: { status: input.status, ...tracking },
      at: now,
    });
    await enqueueEmail(tx, renderOrderStatusEmail(moved, input.status, publicUrl), now);
    return adminOrderRow(moved, []);
  });
}

/**
 * PUT /api/admin/orders/:orderNumber/tracking: stores the courier and tracking number of a paid
 * order not yet delivered and emails them to the customer. History records it as a tracking change,
 * not a status: the order's timeline shows each status once (decision 048).
 */
export async function updateTracking(move: AdminMove<typeof trackingSchema>): Promise<AdminOrderRow> {
  const { db, clock, publicUrl, actor, orderNumber, input } = move;
  const now = clock.now();
  return transaction(db, async (tx) => {
    const before = await lockByNumber(tx, orderNumber);
    assertOrderMove('updateTracking', before);
    const [order] = await tx
      .update(orders)
      .set({ courier: input.courier, trackingNumber: input.trackingNumber, updatedAt: now })
      .where(eq(orders.id, before.id))
      .returning();
    const note = `Tracking: ${input.courier} ${input.trackingNumber}`;
    await addHistory(tx, {
      orderId: before.id,
      kind: 'tracking',
      status: before.status,
      actorId: actor.id,
      note,
      at: now,
    });
    await recordAudit(tx, {
      actor,
      action: 'order.tracking',
      entity: { type: 'order', id: before.orderNumber },
      before: { courier: before.courier, trackingNumber: before.trackingNumber },
      after: { courier: input.courier, trackingNumber: input.trackingNumber },
      at: now,
    });
    await enqueueEmail(tx, renderTrackingEmail(order!, input, publicUrl), now);
    return adminOrderRow(order!, []);
  });
}

/**
 * The admin cancels an order, in the caller's transaction: locked, allowed by the table (pending or
 * processing), cancelled with its history entry; an unpaid one stops awaiting payment. The caller
 * (checkout/admin-orders.ts) gives the stock back, refunds a paid one and emails the customer.
 */
export async function cancelOrder(
  tx: DbHandle,
  { orderNumber, actorId, now }: { orderNumber: string; actorId: string; now: Date },
): Promise<{ before: OrderRow; after: OrderRow }> {
  const before = await lockByNumber(tx, orderNumber);
  assertOrderMove('cancel', before);
  const [after] = await tx
    .update(orders)
    .set({
      status: 'cancelled',
      reservedUntil: null,
      updatedAt: now,
      ...(before.paymentStatus === 'awaiting_payment' ? { paymentStatus: 'cancelled' } : {}),
    })
    .where(eq(orders.id, before.id))
    .returning();
  await addHistory(tx, { orderId: before.id, status: 'cancelled', actorId, note: 'Cancelled by the admin', at: now });
  return { before, after: after! };
}

/** A paid order whose payment was wholly refunded reads 'refunded' (once: only from paid). */
export async function markOrderRefunded(db: DbHandle, paymentReference: string, now: Date) {
  await db
    .update(orders)
    .set({ paymentStatus: 'refunded', updatedAt: now })
    .where(and(eq(orders.paymentReference, paymentReference), eq(orders.paymentStatus, 'paid')));
}
