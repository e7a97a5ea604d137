import { and, desc, eq, gt, inArray, or } from 'drizzle-orm';
import type { AccountOrder } from '../../../shared/accounts';
import type { OrderPaymentStatus } from '../../../shared/orders';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema/orders';

/**
 * The account page's Orders tab: the customer's orders that matter, newest first. Paid ones (refunded
 * too, whatever their fulfilment status) and an unpaid one whose hold has not lapsed, which can still be
 * paid. A payment attempt cancelled or expired without money changing hands is left out: no order came of it.
 */
export async function listCustomerOrders({
  db,
  userId,
  now,
}: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<AccountOrder[]> {
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      total: orders.totalAmount,
      currency: orders.currency,
    })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, userId),
        or(
          inArray(orders.paymentStatus, ['paid', 'refunded']),
          and(eq(orders.paymentStatus, 'awaiting_payment'), gt(orders.reservedUntil, now)),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return rows.map((r) => ({
    orderNumber: r.orderNumber,
    date: r.createdAt.toISOString(),
    status: r.status,
    paymentStatus: r.paymentStatus as OrderPaymentStatus,
    total: r.total,
    currency: r.currency,
  }));
}
