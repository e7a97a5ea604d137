import { desc, eq } from 'drizzle-orm';
import type { AccountOrder } from '../../../shared/accounts';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema/orders';

/** The account page's Orders tab: the customer's own orders, newest first. */
export async function listCustomerOrders({ db, userId }: { db: Database; userId: string }): Promise<AccountOrder[]> {
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      total: orders.totalAmount,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.customerId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return rows.map((r) => ({
    orderNumber: r.orderNumber,
    date: r.createdAt.toISOString(),
    status: r.status,
    total: r.total,
    currency: r.currency,
  }));
}
