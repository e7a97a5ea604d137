import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { PAYMENT_MESSAGES, type RefundStatus } from '../../../shared/payments';
import type { DbHandle } from '../../db/client';
import { paymentEvents, payments, refunds } from '../../db/schema/payments';
import { AppError, invalidField } from '../../lib/errors';
import type { PaymentProviderDriver, RefundResult } from './providers';
import { paymentNotFound } from './verification';

/**
 * Refunds in steps, so concurrent ones never add up to more than was paid: reserveRefund holds the
 * amount under the payment's row lock, askProviderToRefund asks the provider with no lock held and
 * recordRefundResult records its answer (a refusal frees the amount again). And what is still
 * refundable of a payment.
 */

/** Refunds that hold part of a payment: a failed one gives its amount back to what is refundable. */
const HOLDING: RefundStatus[] = ['pending', 'processed'];

export type RefundRow = typeof refunds.$inferSelect;

export interface ReservedRefund {
  refundId: string;
  paymentId: string;
  reference: string;
  /** Minor units. */
  amount: number;
}

const invalidRefundAmount = () => invalidField('amount', PAYMENT_MESSAGES.invalidRefund);

/** Minor units refunded or being refunded of a payment, and of those the processed part. */
async function refundTotals(db: DbHandle, paymentId: string) {
  const [row] = await db
    .select({
      held: sql<string>`coalesce(sum(${refunds.amount}) filter (where ${inArray(refunds.status, HOLDING)}), 0)`,
      processed: sql<string>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} = 'processed'), 0)`,
    })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  return { held: Number(row?.held ?? 0), processed: Number(row?.processed ?? 0) };
}

/**
 * Step 1 of a refund, in the caller's transaction: under the payment's row lock, checks the amount
 * against what is still refundable (the payment less refunds pending or processed) and writes the
 * refund as pending, so two refunds at once can never add up to more than the payment. `amount`
 * (minor units) defaults to all that is left. 400 'Please enter a valid refund amount' for zero
 * or a fraction of a minor unit, and one naming the refundable maximum for more than is left; 409 for a payment that is not successful.
 * Undo: recordRefundResult marks it failed when the provider refuses, which frees the amount again.
 */
export async function reserveRefund(
  tx: DbHandle,
  {
    reference,
    amount,
    requestedBy,
    reason = null,
    now,
    atMost,
  }: {
    reference: string;
    amount?: number;
    requestedBy: string | null;
    reason?: string | null;
    now: Date;
    /** Reserve what is due up to what is left (a return's refund after a partial one elsewhere); null when nothing is left. */
    atMost?: number;
  },
): Promise<ReservedRefund> {
  const [payment] = await tx.select().from(payments).where(eq(payments.reference, reference)).for('update').limit(1);
  if (!payment) throw paymentNotFound();
  if (payment.status !== 'success') {
    throw new AppError(
      'REFUND_NOT_ALLOWED',
      `Only a successful payment can be refunded; this one is ${payment.status}`,
      {
        status: 409,
      },
    );
  }
  const left = payment.amount - (await refundTotals(tx, payment.id)).held;
  const value = atMost === undefined ? (amount ?? left) : Math.min(atMost, left);
  if (!Number.isInteger(value) || value <= 0) throw invalidRefundAmount();
  if (value > left) throw invalidField('amount', PAYMENT_MESSAGES.refundTooMuch(left, payment.currency));
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amount: value,
      status: 'pending',
      requestedBy,
      reason,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: refunds.id });
  return { refundId: row!.id, paymentId: payment.id, reference, amount: value };
}

/**
 * Step 2 of a refund, outside any transaction (a network call never holds a lock): asks the
 * provider. A provider that cannot be reached counts as a refusal. Then step 3 records the answer.
 */
export async function askProviderToRefund(
  provider: PaymentProviderDriver,
  reserved: ReservedRefund,
): Promise<RefundResult> {
  try {
    return await provider.refund({ reference: reserved.reference, amount: reserved.amount });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: 'failed', providerReference: null, message: error.message };
  }
}

/**
 * Step 3 of a refund, in the caller's transaction (which may email the customer with it): records
 * the provider's answer on the refund and as a payment event. Returns the refund and whether the
 * payment is now wholly refunded (then marked 'reversed', as Paystack marks it).
 */
export async function recordRefundResult(
  tx: DbHandle,
  {
    provider,
    reserved,
    result,
    now,
  }: { provider: Pick<PaymentProviderDriver, 'name'>; reserved: ReservedRefund; result: RefundResult; now: Date },
): Promise<{ refund: RefundRow; fullyRefunded: boolean }> {
  const [refund] = await tx
    .update(refunds)
    .set({
      status: result.status,
      providerReference: result.providerReference,
      failureMessage: result.status === 'failed' ? result.message : null,
      updatedAt: now,
    })
    .where(and(eq(refunds.id, reserved.refundId), eq(refunds.status, 'pending')))
    .returning();
  await tx.insert(paymentEvents).values({
    provider: provider.name,
    event: `refund.${result.status}`,
    reference: reserved.reference,
    payload: { refundId: reserved.refundId, amount: reserved.amount, ...result },
    createdAt: now,
  });
  return { refund: refund!, fullyRefunded: await reverseWhenRefunded(tx, reserved.paymentId) };
}

/** A payment whose processed refunds reach its amount becomes 'reversed'; true when that happened now. */
export async function reverseWhenRefunded(tx: DbHandle, paymentId: string): Promise<boolean> {
  const { processed } = await refundTotals(tx, paymentId);
  const reversed = await tx
    .update(payments)
    .set({ status: 'reversed' })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'success'), lte(payments.amount, processed)))
    .returning({ id: payments.id });
  return reversed.length > 0;
}

/** Minor units still refundable of a payment: 0 unless it succeeded. Read under the caller's lock. */
export async function refundableAmount(db: DbHandle, reference: string): Promise<number> {
  const [payment] = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  if (payment?.status !== 'success') return 0;
  return payment.amount - (await refundTotals(db, payment.id)).held;
}

/**
 * Minor units still refundable of each successful payment among `references` (absent: nothing).
 * One query for a page of orders, so a list can show which money is still held.
 */
export async function refundableByReference(db: DbHandle, references: string[]): Promise<Map<string, number>> {
  if (references.length === 0) return new Map();
  const rows = await db
    .select({
      reference: payments.reference,
      amount: payments.amount,
      held: sql<string>`coalesce(sum(${refunds.amount}) filter (where ${inArray(refunds.status, HOLDING)}), 0)`,
    })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(and(inArray(payments.reference, references), eq(payments.status, 'success')))
    .groupBy(payments.id);
  return new Map(rows.map((row) => [row.reference, row.amount - Number(row.held)]));
}

/** A refund's status ('pending', 'processed', 'failed'), or null when there is no such refund. */
export async function refundStatus(db: DbHandle, refundId: string): Promise<RefundStatus | null> {
  const [row] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId)).limit(1);
  return (row?.status as RefundStatus | undefined) ?? null;
}
