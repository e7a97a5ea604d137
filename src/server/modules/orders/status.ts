import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderItems, orders } from '../../db/schema';

export interface OrderStatusSummary {
  orderNumber: string;
  status: string;
  paymentStatus: string;
  createdAt: Date;
  itemCount: number;
}

/**
 * An order's progress for anyone holding its number (the chat assistant): never a name, email,
 * phone, address or amount, so a stranger guessing numbers learns nothing personal.
 */
export async function getOrderStatus({
  db,
  orderNumber,
}: {
  db: Database;
  orderNumber: string;
}): Promise<OrderStatusSummary | null> {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber.trim().toUpperCase()))
    .limit(1);
  if (!row) return null;
  const [items] = await db
    .select({ count: sql<number>`coalesce(sum(${orderItems.quantity}), 0)` })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id));
  const { id: _id, ...summary } = row;
  return { ...summary, itemCount: Number(items?.count ?? 0) };
}
