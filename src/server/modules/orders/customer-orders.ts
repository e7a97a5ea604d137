import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AccountOrder } from '../../../shared/accounts';
import type { OrderPaymentStatus } from '../../../shared/orders';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema/orders';

/**
 * The account page's Orders tab: the customer's orders that matter, newest first. Paid ones (refunded
 * too, whatever their fulfilment status) and an unpaid one whose hold has not lapsed, which can still be
 * paid. A payment attempt cancelled or expired without money changing hands is left out: no order came of it.
 * Beside them, the paid orders placed as a guest with the account's address (isGuestOrderOf), marked so:
 * the shopper sees why an order they placed before signing up is here.
 */
export async function listCustomerOrders({
  db,
  userId,
  email,
  now,
}: {
  db: Database;
  userId: string;
  email: string;
  now: Date;
}): Promise<AccountOrder[]> {
  const paid = inArray(orders.paymentStatus, ['paid', 'refunded']);
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      total: orders.totalAmount,
      currency: orders.currency,
      customerId: orders.customerId,
    })
    .from(orders)
    .where(
      or(
        and(
          eq(orders.customerId, userId),
          or(paid, and(eq(orders.paymentStatus, 'awaiting_payment'), gt(orders.reservedUntil, now))),
        ),
        // lower(): the expression orders_email_idx is built on.
        and(isNull(orders.customerId), sql`lower(${orders.customerEmail}) = ${email.toLowerCase()}`, paid),
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
    placedAsGuest: r.customerId === null,
  }));
}
