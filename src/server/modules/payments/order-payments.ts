import { asc, eq, inArray } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { payments, refunds } from '../../db/schema';

/** An order's payments and their refunds, for the admin's View Details (amounts in minor units). */
export async function paymentsOfOrder(db: DbHandle, orderId: string) {
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
  const refundRows = rows.length
    ? await db
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.paymentId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(refunds.createdAt))
    : [];
  return { payments: rows, refunds: refundRows };
}
