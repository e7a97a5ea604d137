import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PaymentProvider, RefundStatus } from '../../../shared/payments';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { paymentEvents, refunds } from '../../db/schema/payments';
import { reverseWhenRefunded } from './refunds';

/**
 * What a provider's webhook brings: the signature check, a refund.* event settling the refund it
 * names, and a charge.* event kept for the admin's View Details. Each stored event is written once.
 */

/** x-paystack-signature must be the HMAC-SHA512 of the raw body with the secret key (constant-time). */
export function paystackSignatureValid(secret: string | undefined, rawBody: Buffer, signature: unknown): boolean {
  if (!secret || typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secret).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Paystack's refund.* webhook data (the fields the store reads). */
export interface PaystackRefundData {
  id?: number | string;
  status?: string;
  transaction_reference?: string;
  amount?: number | string;
}

const REFUND_EVENT_STATUS: Record<string, RefundStatus> = {
  'refund.processed': 'processed',
  'refund.failed': 'failed',
};

/**
 * A signed refund.* webhook: stored once as a payment event (the same event and refund id twice is
 * ignored), and a pending refund it names becomes processed or failed. A refund already final is
 * never changed. Returns the payment's reference when this event refunded it wholly.
 */
export async function applyRefundEvent({
  db,
  event,
  data,
  now,
}: {
  db: Database;
  event: string;
  data: PaystackRefundData;
  now: Date;
}): Promise<{ duplicate: boolean; fullyRefundedReference: string | null }> {
  const providerReference = data.id === undefined ? null : String(data.id);
  return transaction(db, async (tx) => {
    const stored = await tx
      .insert(paymentEvents)
      .values({
        provider: 'paystack',
        event,
        reference: data.transaction_reference ?? '',
        providerEventId: providerReference ? `${event}:${providerReference}` : null,
        payload: data as Record<string, unknown>,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (stored.length === 0) return { duplicate: true, fullyRefundedReference: null };
    const status = REFUND_EVENT_STATUS[event];
    if (!status || !providerReference) return { duplicate: false, fullyRefundedReference: null };
    const [refund] = await tx
      .update(refunds)
      .set({ status, updatedAt: now, ...(status === 'failed' ? { failureMessage: 'Refund failed at Paystack' } : {}) })
      .where(and(eq(refunds.providerReference, providerReference), eq(refunds.status, 'pending')))
      .returning({ paymentId: refunds.paymentId });
    if (!refund || status !== 'processed') return { duplicate: false, fullyRefundedReference: null };
    const reversed = await reverseWhenRefunded(tx, refund.paymentId);
    return { duplicate: false, fullyRefundedReference: reversed ? (data.transaction_reference ?? null) : null };
  });
}

/** A provider's charge.* webhook, kept for the admin's View Details (the same event id twice once). */
export async function recordPaymentEvent(
  db: DbHandle,
  entry: {
    provider: PaymentProvider;
    event: string;
    reference: string;
    eventId: string | null;
    payload: object;
    now: Date;
  },
) {
  await db
    .insert(paymentEvents)
    .values({
      provider: entry.provider,
      event: entry.event,
      reference: entry.reference,
      providerEventId: entry.eventId ? `${entry.event}:${entry.eventId}` : null,
      payload: entry.payload as Record<string, unknown>,
      createdAt: entry.now,
    })
    .onConflictDoNothing();
}
