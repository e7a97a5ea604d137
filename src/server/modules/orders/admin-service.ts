import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ORDER_MESSAGES,
  type AdminOrderDetails,
  type AdminOrderRow,
  type adminOrderQuerySchema,
  type advanceOrderSchema,
  type Paged,
  type trackingSchema,
} from '../../../shared/admin-orders';
import {
  ADVANCE_MOVES,
  ORDER_MOVE_NOT_ALLOWED,
  ORDER_MOVES,
  orderMoveRefusal,
  type OrderMove as OrderMoveName,
} from '../../../shared/order-moves';
import {
  CLOSED_UNPAID_STATUSES,
  ORDER_NUMBER_PATTERN,
  type OrderHistoryKind,
  type OrderPaymentStatus,
  type OrderStatus,
} from '../../../shared/orders';
import { transaction, type Database, type Transaction } from '../../db/client';
import { orderItems, orders, orderStatusHistory } from '../../db/schema/orders';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { searchCondition } from '../../lib/like';
import { newestFirst } from '../../lib/paging';
import { userNames } from '../accounts/service';
import { recordAudit, type Actor } from '../audit/service';
import { emailsAbout, enqueueEmail } from '../mail/outbox';
import { paymentsOfOrder } from '../payments/order-payments';
import { refundableByReference } from '../payments/refunds';
import {
  everyOrder,
  ORDER_NOT_FOUND,
  ORDER_NOT_FOUND_MESSAGE,
  orderItemsOf,
  toOrderView,
  type OrderRow,
} from './reads';
import { renderOrderStatusEmail, renderTrackingEmail } from './status-email';

/**
 * The admin's side of orders (spec 001 'Orders'): the paged list, the forward-only status steps and
 * Update Tracking. Every change is one conditional UPDATE with its history row, audit entry and
 * customer email in the same transaction.
 */

interface Deps {
  db: Database;
  clock: Clock;
  publicUrl: string;
}

/** An admin's move on one order: who makes it, on which order, with the move's parsed input. */
type OrderMove<Schema extends z.ZodType> = Deps & { actor: Actor; orderNumber: string; input: z.output<Schema> };

/** The list's WHERE: status and search (also used by the benchmark's EXPLAIN). */
export const orderListWhere = (query: Pick<z.output<typeof adminOrderQuerySchema>, 'status' | 'q'>) =>
  and(
    query.status ? eq(orders.status, query.status) : undefined,
    searchCondition(query.q, {
      number: { pattern: ORDER_NUMBER_PATTERN, column: orders.orderNumber },
      email: orders.customerEmail,
      anywhere: [orders.customerName, orders.customerEmail, orders.orderNumber],
    }),
  );

// orders_created_idx is (created_at DESC NULLS LAST): oldest first walks it backwards.
const newest = newestFirst(orders.createdAt, orders.id);

export const ORDER_LIST_SORTS = {
  newest,
  oldest: [sql`${orders.createdAt} asc nulls first`, asc(orders.id)],
  total_desc: [desc(orders.totalAmount), ...newest],
  total_asc: [asc(orders.totalAmount), ...newest],
} as const;

/** The columns a row of the list shows (toRow) and its refund check reads: not the whole order. */
const listColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentReference: orders.paymentReference,
  totalAmount: orders.totalAmount,
  currency: orders.currency,
  createdAt: orders.createdAt,
  shippingAddress: orders.shippingAddress,
  courier: orders.courier,
  trackingNumber: orders.trackingNumber,
};

/**
 * Minor units to refund on each closed order of the page whose payment arrived after the
 * reservation lapsed and found the stock gone (confirmPayment records the money, not the sale).
 */
async function refundsDue(
  db: Database,
  rows: Array<Pick<OrderRow, 'paymentStatus' | 'paymentReference'>>,
): Promise<Map<string, number>> {
  const closed = rows
    .filter((row) => CLOSED_UNPAID_STATUSES.includes(row.paymentStatus))
    .map((row) => row.paymentReference);
  return refundableByReference(db, closed);
}

function toRow(
  order: Pick<OrderRow, keyof typeof listColumns>,
  items: { name: string; quantity: number }[],
  refundDue = 0,
): AdminOrderRow {
  return {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    status: order.status as OrderStatus,
    paymentStatus: order.paymentStatus as OrderPaymentStatus,
    items,
    totalAmount: order.totalAmount,
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    shippingAddress: order.shippingAddress ?? null,
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    refundDue,
  };
}

/** GET /api/admin/orders: one page, newest first unless asked otherwise, with the matching total. */
export async function listAdminOrders({
  db,
  query,
}: {
  db: Database;
  query: z.output<typeof adminOrderQuerySchema>;
}): Promise<Paged<AdminOrderRow>> {
  const where = orderListWhere(query);
  const [rows, total] = await Promise.all([
    db
      .select(listColumns)
      .from(orders)
      .where(where)
      .orderBy(...ORDER_LIST_SORTS[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    everyOrder.count(db, where),
  ]);
  // Both follow-up reads go out together: on PGlite they then run back to back, not a turn apart.
  const [due, lines] = await Promise.all([
    refundsDue(db, rows),
    rows.length
      ? db
          .select({ orderId: orderItems.orderId, name: orderItems.name, quantity: orderItems.quantity })
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(orderItems.name))
      : [],
  ]);
  return {
    items: rows.map((row) =>
      toRow(
        row,
        lines.filter((l) => l.orderId === row.id).map(({ name, quantity }) => ({ name, quantity })),
        due.get(row.paymentReference) ?? 0,
      ),
    ),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function requireOrder(tx: Transaction | Database, orderNumber: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber.trim().toUpperCase())).limit(1);
  if (!row) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
  return row;
}

/**
 * 409 ORDER_MOVE_NOT_ALLOWED saying why, when the table of moves (shared/order-moves.ts) does not
 * allow `move` on the order as it is now. The caller holds the order's row lock, or re-reads it
 * after a conditional UPDATE found nothing to change.
 */
export function assertOrderMove(move: OrderMoveName, order: Pick<OrderRow, 'status' | 'paymentStatus'>) {
  const refusal = orderMoveRefusal(move, {
    status: order.status as OrderStatus,
    paymentStatus: order.paymentStatus as OrderPaymentStatus,
  });
  if (refusal) throw new AppError(ORDER_MOVE_NOT_ALLOWED, refusal, { status: 409 });
}

/**
 * POST /api/admin/orders/:orderNumber/status: pending -> processing -> shipped -> delivered, one
 * step at a time, on a paid order, as the table of moves allows. The state is checked in the UPDATE
 * itself, so two admins pressing the same button move the order once; the other gets 409 saying
 * where the order is.
 */
export async function advanceOrder(move: OrderMove<typeof advanceOrderSchema>) {
  const { db, clock, publicUrl, actor, orderNumber, input } = move;
  const now = clock.now();
  const target = input.status;
  const name = ADVANCE_MOVES[target];
  const rule = ORDER_MOVES[name];
  return transaction(db, async (tx) => {
    const [moved] = await tx
      .update(orders)
      .set({ status: target, updatedAt: now })
      .where(
        and(
          eq(orders.orderNumber, orderNumber.trim().toUpperCase()),
          inArray(orders.status, [...rule.from]),
          inArray(orders.paymentStatus, [...rule.payments]),
        ),
      )
      .returning();
    if (!moved) {
      assertOrderMove(name, await requireOrder(tx, orderNumber));
      throw new AppError(ORDER_MOVE_NOT_ALLOWED, 'This order changed meanwhile: reload it', { status: 409 });
    }
    const from = rule.from[0];
    await addHistory(tx, { orderId: moved.id, status: target, actorId: actor.id, note: rule.label, at: now });
    await recordAudit(tx, {
      actor,
      action: 'order.advance',
      entity: { type: 'order', id: moved.orderNumber },
      before: { status: from },
      after: { status: target },
      at: now,
    });
    await enqueueEmail(tx, renderOrderStatusEmail(moved, target, publicUrl), now);
    return toRow(moved, []) satisfies AdminOrderRow;
  });
}

/** One entry of the order's history: a status it reached, or (kind 'tracking') a courier and number. */
async function addHistory(
  tx: Transaction,
  entry: { orderId: string; kind?: OrderHistoryKind; status: string; actorId: string | null; note: string; at: Date },
) {
  const { at, ...values } = entry;
  await tx.insert(orderStatusHistory).values({ ...values, createdAt: at });
}

/**
 * PUT /api/admin/orders/:orderNumber/tracking: stores the courier and tracking number of a paid
 * order not yet delivered (the table of moves) and emails them to the customer (one email per
 * distinct pair). History records it as a tracking change, not a status.
 */
export async function updateTracking(move: OrderMove<typeof trackingSchema>) {
  const { db, clock, publicUrl, actor, orderNumber, input } = move;
  const now = clock.now();
  return transaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, orderNumber.trim().toUpperCase()))
      .for('update')
      .limit(1);
    if (!before) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
    assertOrderMove('updateTracking', before);
    const [order] = await tx
      .update(orders)
      .set({ courier: input.courier, trackingNumber: input.trackingNumber, updatedAt: now })
      .where(eq(orders.id, before.id))
      .returning();
    // A tracking change, not a status: the order's timeline shows each status once (decision 048).
    await addHistory(tx, {
      orderId: before.id,
      kind: 'tracking',
      status: before.status,
      actorId: actor.id,
      note: `Tracking: ${input.courier} ${input.trackingNumber}`,
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
    return toRow(order!, []);
  });
}

/** GET /api/admin/orders/:orderNumber: items, payments and refunds, history, addresses and emails. */
export async function getAdminOrder({ db, orderNumber }: { db: Database; orderNumber: string }) {
  const order = await requireOrder(db, orderNumber);
  const [items, due, money, history, emails] = await Promise.all([
    orderItemsOf(db, order.id),
    refundsDue(db, [order]),
    paymentsOfOrder(db, order.id),
    db
      .select({
        kind: orderStatusHistory.kind,
        status: orderStatusHistory.status,
        note: orderStatusHistory.note,
        actorId: orderStatusHistory.actorId,
        at: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    emailsAbout(db, { type: 'order', id: order.orderNumber }),
  ]);
  const actors = await userNames(
    db,
    history.flatMap((h) => (h.actorId ? [h.actorId] : [])),
  );
  const view = toOrderView(order, items);
  return {
    ...toRow(order, [], due.get(order.paymentReference) ?? 0),
    items: view.items,
    customerPhone: order.customerPhone,
    billingAddress: order.billingAddress ?? null,
    paymentReference: order.paymentReference,
    payments: money.payments.map((p) => ({
      reference: p.reference,
      provider: p.provider,
      status: p.status,
      amount: p.amount / 100,
      currency: p.currency,
      channel: p.channel,
      paidAt: p.paidAt?.toISOString() ?? null,
    })),
    refunds: money.refunds.map((r) => ({
      amount: r.amount / 100,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
    history: [
      { kind: 'status', status: 'pending', note: 'Order placed', actor: null, at: order.createdAt.toISOString() },
      ...history.map((h) => ({
        kind: h.kind as OrderHistoryKind,
        status: h.status,
        note: h.note,
        actor: (h.actorId && actors.get(h.actorId)) ?? null,
        at: h.at.toISOString(),
      })),
    ],
    emails: emails.map((e) => ({
      kind: e.kind,
      subject: e.subject,
      to: e.to,
      status: e.status,
      createdAt: e.createdAt.toISOString(),
      sentAt: e.sentAt?.toISOString() ?? null,
    })),
  } satisfies AdminOrderDetails;
}

/**
 * POST /api/admin/orders/:orderNumber/revoke-links: moves the order's link version on, so every link
 * signed before (emailed or sent on request) and the placing browser's token stop opening it; the
 * customer can ask for a new link with the order's email. Audited in the same transaction.
 */
export async function revokeOrderLinks({
  db,
  clock,
  actor,
  orderNumber,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  orderNumber: string;
}): Promise<{ message: string }> {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ linkVersion: sql`${orders.linkVersion} + 1`, updatedAt: now })
      .where(eq(orders.orderNumber, orderNumber.trim().toUpperCase()))
      .returning({ orderNumber: orders.orderNumber, linkVersion: orders.linkVersion });
    if (!order) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
    await recordAudit(tx, {
      actor,
      action: 'order.revoke_links',
      entity: { type: 'order', id: order.orderNumber },
      before: { linkVersion: order.linkVersion - 1 },
      after: { linkVersion: order.linkVersion },
      at: now,
    });
    return { message: ORDER_MESSAGES.linksRevoked };
  });
}
