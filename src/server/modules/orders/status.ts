import { and, asc, eq, sql } from 'drizzle-orm';
import type { TrackedOrder } from '../../../shared/tracking';
import type { Database } from '../../db/client';
import { orderItems, orders, orderStatusHistory } from '../../db/schema/orders';
import { mayOpenOrder, type OrderAccess } from './access';

/** A lookup of one order by the number its customer holds (typed as given: trimmed and upper-cased here). */
interface OrderNumberLookup {
  db: Database;
  orderNumber: string;
}

export interface OrderStatusSummary {
  orderNumber: string;
  status: string;
}

/**
 * An order's status for anyone holding its number (the chat assistant): nothing else, not even its
 * date, payment or size, since order numbers can be guessed (docs/decisions/040).
 */
export async function getOrderStatus({ db, orderNumber }: OrderNumberLookup): Promise<OrderStatusSummary | null> {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber.trim().toUpperCase()))
    .limit(1);
  return row ?? null;
}

/**
 * An order as the track page shows it: to anyone holding its number, the status and its dates only,
 * since order numbers can be guessed; the items count, total, courier and tracking number too for
 * whoever may open the order (its link, its customer's session, the admin). Never a name, email,
 * phone or address.
 */
export async function getOrderTracking({
  db,
  orderNumber,
  access,
}: OrderNumberLookup & { access: OrderAccess }): Promise<TrackedOrder | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber.trim().toUpperCase()))
    .limit(1);
  if (!order) return null;
  const opens = await mayOpenOrder(db, order, access);
  const [items, history] = await Promise.all([
    opens
      ? db
          .select({ count: sql<number>`coalesce(sum(${orderItems.quantity}), 0)` })
          .from(orderItems)
          .where(eq(orderItems.orderId, order.id))
      : null,
    db
      .select({ status: orderStatusHistory.status, createdAt: orderStatusHistory.createdAt })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.kind, 'status')))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  // Each status once, at the time it was first reached; Pending is the placing itself (tracking
  // changes are not statuses, and a late payment reopening an order does not move its placing).
  const statusHistory = [{ status: 'pending', date: order.createdAt.toISOString() }];
  const seen = new Set(['pending']);
  for (const h of history) {
    if (seen.has(h.status)) continue;
    seen.add(h.status);
    statusHistory.push({ status: h.status, date: h.createdAt.toISOString() });
  }
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    statusHistory,
    details: items && {
      itemCount: Number(items[0]?.count ?? 0),
      totalAmount: order.totalAmount,
      currency: order.currency,
      trackingNumber: order.trackingNumber,
      courier: order.courier,
    },
  };
}
