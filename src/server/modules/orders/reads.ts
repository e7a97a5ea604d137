import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { OrderPaymentStatus, OrderStatus, OrderView } from '../../../shared/orders';
import type { DbHandle } from '../../db/client';
import { prepared, type Preparable, type Value } from '../../db/prepared';
import { orderItems, orders, orderStatusHistory } from '../../db/schema/orders';
import { rememberedTotal } from '../../lib/paging';

/** Finding an order and its lines, by number or payment reference, and the view every reader of it shares. */

export const ORDER_NOT_FOUND = 'ORDER_NOT_FOUND';
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** How many orders there are: the admin's Orders list total before any search or filter. */
export const everyOrder = rememberedTotal(orders);

/**
 * Units in orders awaiting payment: out of the catalog's stock until the order is paid, cancelled or
 * expired (past its hold, until the expiry loop releases it). The metrics' held-units gauge.
 */
export async function heldUnits(db: DbHandle): Promise<number> {
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.paymentStatus, 'awaiting_payment'));
  return Number(row?.units ?? 0);
}

type OrderKey = { orderNumber: string } | { reference: string };

/**
 * A statement that finds an order by its number or its payment reference: built once for each (checkout's
 * hot path runs them on every payment, db/prepared.ts), run with the key given.
 */
function byKey<Result>(build: (db: DbHandle, where: SQL) => Preparable<Result>) {
  const byNumber = prepared((db, value: Value<{ key: string }>) => build(db, eq(orders.orderNumber, value('key'))));
  const byReference = prepared((db, value: Value<{ key: string }>) =>
    build(db, eq(orders.paymentReference, value('key'))),
  );
  return (db: DbHandle, key: OrderKey) =>
    'orderNumber' in key ? byNumber(db, { key: key.orderNumber }) : byReference(db, { key: key.reference });
}

const lockOrderBy = byKey((db, where) => db.select().from(orders).where(where).for('update').limit(1));
const findOrderBy = byKey((db, where) => db.select().from(orders).where(where).limit(1));
const findOrderPaymentBy = byKey((db, where) =>
  db
    .select({
      orderNumber: orders.orderNumber,
      paymentReference: orders.paymentReference,
      totalAmount: orders.totalAmount,
      currency: orders.currency,
      customerEmail: orders.customerEmail,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(where)
    .limit(1),
);

/** The order with this number or payment reference, locked for the rest of the transaction. */
export async function lockOrder(tx: DbHandle, key: OrderKey) {
  const [row] = await lockOrderBy(tx, key);
  return row ?? null;
}

export async function findOrder(db: DbHandle, key: OrderKey) {
  const [row] = await findOrderBy(db, key);
  return row ?? null;
}

/** What a payment step needs of an order, without the rest of its row (checkout's hot path). */
export async function findOrderPayment(db: DbHandle, key: OrderKey) {
  const [row] = await findOrderPaymentBy(db, key);
  return row ?? null;
}

export async function orderItemsOf(db: DbHandle, orderId: string) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.deviceId));
}

export function toOrderView(order: OrderRow, items: OrderItemRow[]): OrderView {
  const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'refunded';
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    status: order.status as OrderStatus,
    paymentStatus: order.paymentStatus as OrderPaymentStatus,
    totalAmount: order.totalAmount,
    currency: order.currency,
    paymentReference: paid ? order.paymentReference : null,
    reservedUntil: order.paymentStatus === 'awaiting_payment' ? (order.reservedUntil?.toISOString() ?? null) : null,
    customer: {
      firstName: order.firstName,
      lastName: order.lastName,
      name: order.customerName,
      email: order.customerEmail,
      phone: order.customerPhone,
    },
    shippingAddress: order.shippingAddress ?? null,
    billingAddress: order.billingAddress ?? null,
    items: items.map((item) => ({
      deviceId: item.deviceId,
      name: item.name,
      price: item.price,
      quantity: item.quantity,
      lineTotal: item.price * item.quantity,
      image: item.image,
      condition: item.condition,
      storage: item.storage,
    })),
    courier: order.courier,
    trackingNumber: order.trackingNumber,
  };
}

/** When the order first reached 'delivered' (its history's entry), or null while it has not: returns count from it. */
export async function deliveredAt(db: DbHandle, orderId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${orderStatusHistory.createdAt})` })
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.orderId, orderId),
        eq(orderStatusHistory.kind, 'status'),
        eq(orderStatusHistory.status, 'delivered'),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}
