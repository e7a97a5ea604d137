import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ORDER_MESSAGES,
  type AdminOrderDetails,
  type AdminOrderRow,
  type adminOrderQuerySchema,
  type Paged,
} from '../../../shared/admin-orders';
import {
  CLOSED_UNPAID_STATUSES,
  ORDER_NUMBER_PATTERN,
  type OrderHistoryKind,
  type OrderPaymentStatus,
  type OrderStatus,
} from '../../../shared/orders';
import { transaction, type Database } from '../../db/client';
import { orderItems, orders, orderStatusHistory } from '../../db/schema/orders';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { searchCondition } from '../../lib/like';
import { newestFirst } from '../../lib/paging';
import { userNames } from '../accounts';
import { recordAudit, type Actor } from '../audit';
import { emailsAbout } from '../mail';
import { paymentsOfOrder, refundableByReference, refundedByOrder } from '../payments';
import {
  everyOrder,
  findOrder,
  ORDER_NOT_FOUND,
  ORDER_NOT_FOUND_MESSAGE,
  orderItemsOf,
  toOrderView,
  type OrderRow,
} from './reads';

/**
 * The admin's reads of orders (spec 001 'Orders'): the paged list and one order's details; and
 * revoking an order's links. Its moves (status steps, tracking, cancel) are in moves.ts.
 */

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

/** What the admin reads of every order, in the list and in its export: who, when, how much, where it stands. */
export const orderSummaryColumns = {
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
  courier: orders.courier,
  trackingNumber: orders.trackingNumber,
};

/** The columns a row of the list shows (toRow) and its refund check reads: not the whole order. */
const listColumns = { ...orderSummaryColumns, shippingAddress: orders.shippingAddress };

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

/** An order as a row of the admin's list (and the reply of each admin move). */
export function adminOrderRow(
  order: Pick<OrderRow, keyof typeof listColumns>,
  items: { name: string; quantity: number }[],
  { refundDue = 0, refunded = 0 }: { refundDue?: number; refunded?: number } = {},
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
    refunded,
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
  // The follow-up reads go out together: on PGlite they then run back to back, not a turn apart.
  const [due, refunded, lines] = await Promise.all([
    refundsDue(db, rows),
    refundedByOrder(
      db,
      rows.map((r) => r.id),
    ),
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
      adminOrderRow(
        row,
        lines.filter((l) => l.orderId === row.id).map(({ name, quantity }) => ({ name, quantity })),
        { refundDue: due.get(row.paymentReference) ?? 0, refunded: refunded.get(row.id) ?? 0 },
      ),
    ),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** GET /api/admin/orders/:orderNumber: items, payments and refunds, history, addresses and emails. */
export async function getAdminOrder({ db, orderNumber }: { db: Database; orderNumber: string }) {
  const order = await findOrder(db, { orderNumber: orderNumber.trim().toUpperCase() });
  if (!order) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
  const [items, due, refunded, money, history, emails] = await Promise.all([
    orderItemsOf(db, order.id),
    refundsDue(db, [order]),
    refundedByOrder(db, [order.id]),
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
    history.map((h) => h.actorId),
  );
  const view = toOrderView(order, items);
  return {
    ...adminOrderRow(order, [], {
      refundDue: due.get(order.paymentReference) ?? 0,
      refunded: refunded.get(order.id) ?? 0,
    }),
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
