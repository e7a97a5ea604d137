import { asc, inArray, sql } from 'drizzle-orm';
import { ERASED_EMAIL, ERASED_NAME } from '../../../shared/personal-data';
import type { DbHandle } from '../../db/client';
import { paymentEvents, payments, refunds, sandboxCharges } from '../../db/schema/payments';

/*
 * The payments module's part of a person's data (docs/decisions/076). Payments and refunds are accounting records
 * kept five years; an erasure replaces the payer's name and email on them, on the sandbox's charges, and in what
 * the provider told us (its events carry the customer, the card holder and the payer's address).
 */

/** A payment as the person's copy shows it (amounts in minor units, as the provider took them). */
export interface PaymentRecord {
  reference: string;
  provider: string;
  amount: number;
  currency: string;
  status: string;
  channel: string | null;
  paidAt: string | null;
  refunds: { amount: number; status: string; at: string }[];
}

export async function paymentsOfOrders(db: DbHandle, orderIds: string[]): Promise<PaymentRecord[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(asc(payments.createdAt));
  const given = rows.length
    ? await db
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.paymentId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    reference: row.reference,
    provider: row.provider,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    channel: row.channel,
    paidAt: row.paidAt?.toISOString() ?? null,
    refunds: given
      .filter((refund) => refund.paymentId === row.id)
      .map((refund) => ({ amount: refund.amount, status: refund.status, at: refund.createdAt.toISOString() })),
  }));
}

/** What a provider's event says of the person: removed, the rest (amounts, references, statuses) kept. */
const PERSONAL_PATHS = [
  '{customer}',
  '{data,customer}',
  '{data,metadata}',
  '{data,ip_address}',
  '{data,authorization}',
];

/** The payments' part of an erasure, in the caller's transaction, for the orders' every payment attempt. */
export async function erasePaymentContacts(tx: DbHandle, orderIds: string[]) {
  if (orderIds.length === 0) return;
  const paid = await tx
    .update(payments)
    .set({ customerEmail: ERASED_EMAIL, customerName: ERASED_NAME })
    .where(inArray(payments.orderId, orderIds))
    .returning({ reference: payments.reference });
  const references = paid.map((row) => row.reference);
  if (references.length === 0) return;
  await tx.update(sandboxCharges).set({ email: ERASED_EMAIL }).where(inArray(sandboxCharges.reference, references));
  const without = PERSONAL_PATHS.reduce(
    (payload, path) => sql`(${payload} #- ${path}::text[])`,
    sql`${paymentEvents.payload}`,
  );
  await tx.update(paymentEvents).set({ payload: without }).where(inArray(paymentEvents.reference, references));
}
