import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';

export interface OrderStatusSummary {
  orderNumber: string;
  status: string;
}

/**
 * An order's status for anyone holding its number (the chat assistant): nothing else, not even its
 * date, payment or size, since order numbers can be guessed (issue 10 item 8).
 */
export async function getOrderStatus({
  db,
  orderNumber,
}: {
  db: Database;
  orderNumber: string;
}): Promise<OrderStatusSummary | null> {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber.trim().toUpperCase()))
    .limit(1);
  return row ?? null;
}
