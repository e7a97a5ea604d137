import { asc, eq, inArray } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { payments, refunds } from '../../db/schema/payments';

/**
 * An order's payments and their refunds, for the admin's View Details (amounts in minor units). The
 * refunds are found through a subquery on the order's payments, so both reads go out together.
 */
export async function paymentsOfOrder(db: DbHandle, orderId: string) {
  const ofOrder = eq(payments.orderId, orderId);
  const [rows, refundRows] = await Promise.all([
    db.select().from(payments).where(ofOrder).orderBy(asc(payments.createdAt)),
    db
      .select()
      .from(refunds)
      .where(inArray(refunds.paymentId, db.select({ id: payments.id }).from(payments).where(ofOrder)))
      .orderBy(asc(refunds.createdAt)),
  ]);
  return { payments: rows, refunds: refundRows };
}
