import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { PaymentParams } from '../../../shared/orders';
import {
  PAYMENT_MESSAGES,
  SANDBOX_DECLINED_MESSAGE,
  SANDBOX_SUCCESS_CARD,
  type PaymentProvider,
  type PaymentStatus,
  type RefundStatus,
} from '../../../shared/payments';
import { afterCommit, transaction, type Database, type DbHandle } from '../../db/client';
import { paymentEvents, payments, refunds, sandboxCharges } from '../../db/schema/payments';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { rememberedTotal } from '../../lib/paging';
import type { PaymentProviderDriver, ProviderTransaction, RefundResult } from './providers';

export const PAYMENT_NOT_FOUND = 'PAYMENT_NOT_FOUND';
export const paymentNotFound = () => notFound(PAYMENT_NOT_FOUND, 'Payment not found');

/** A new payment's reference, the one thing the provider and the store both know it by. */
export function newPaymentReference(): string {
  return `QB-${randomBytes(8).toString('hex').toUpperCase()}`;
}

/** A payment the store expects: its reference, amount in minor units, currency and payer. */
export interface ExpectedPayment {
  reference: string;
  /** Minor units. */
  amount: number;
  currency: string;
  email: string;
}

/**
 * What the browser needs to open the provider's widget (DESIGN.md section 4, step 3). Nothing is
 * written: the provider hears of the payment when the shopper pays.
 */
export function paymentRequest(
  provider: PaymentProviderDriver,
  expected: ExpectedPayment,
  metadata: PaymentParams['metadata'],
): PaymentParams {
  return {
    provider: provider.name,
    publicKey: provider.publicKey,
    scriptUrl: provider.scriptUrl,
    reference: expected.reference,
    email: expected.email,
    amount: expected.amount,
    currency: expected.currency,
    metadata,
  };
}

/** True when the provider reports this very payment: its reference, amount and currency. */
export function paymentMatches(answer: ProviderTransaction, expected: ExpectedPayment): boolean {
  return (
    answer.reference === expected.reference &&
    answer.amount === expected.amount &&
    answer.currency === expected.currency
  );
}

/** How many payments the ledger holds: the Paystack list's total before any search or filter. */
export const everyPayment = rememberedTotal(payments);

/**
 * Writes a successful payment to the ledger, once: the reference is unique, so a second call for
 * the same payment writes nothing. Runs in the caller's transaction (opened with transaction()).
 */
export async function recordPayment(
  tx: DbHandle,
  {
    provider,
    answer,
    orderId,
    customerName,
    customerEmail,
    now,
  }: {
    provider: PaymentProviderDriver;
    answer: ProviderTransaction;
    orderId: string;
    customerName: string;
    /** The payer's email when the provider does not report one. */
    customerEmail: string;
    now: Date;
  },
) {
  await tx
    .insert(payments)
    .values({
      reference: answer.reference,
      orderId,
      provider: provider.name,
      customerEmail: answer.customerEmail ?? customerEmail,
      customerName,
      amount: answer.amount,
      currency: answer.currency,
      channel: answer.channel,
      status: 'success',
      paidAt: answer.paidAt ?? now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: payments.reference });
  afterCommit(tx, everyPayment.forget);
}

const digits = (value: string) => value.replace(/[\s-]/g, '');

/**
 * The sandbox provider takes a card for a payment and writes its own ledger. The success card
 * succeeds; any other is declined. Card data is never stored beyond the last four digits. `payment`
 * is the payment the store expects for the reference (null: none), and whether it is still open.
 */
export async function chargeSandbox({
  db,
  clock,
  payment,
  cardNumber,
  cvv,
  expiry,
}: {
  db: Database;
  clock: Clock;
  payment: (ExpectedPayment & { open: boolean }) | null;
  cardNumber: string;
  cvv: string;
  expiry: string;
}): Promise<{ status: 'success' | 'failed'; reference: string; message: string }> {
  if (!payment) throw paymentNotFound();
  const { reference } = payment;
  const number = digits(cardNumber);
  if (!/^\d{12,19}$/.test(number)) {
    throw new AppError('CARD_INVALID', 'Enter a valid card number', {
      status: 400,
      fields: { cardNumber: 'Enter a valid card number' },
    });
  }
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry.trim())) {
    throw new AppError('CARD_INVALID', 'Enter the expiry as MM/YY', {
      status: 400,
      fields: { expiry: 'Enter the expiry as MM/YY' },
    });
  }
  if (!/^\d{3,4}$/.test(cvv.trim())) {
    throw new AppError('CARD_INVALID', 'Enter the 3 or 4 digit CVV', {
      status: 400,
      fields: { cvv: 'Enter the 3 or 4 digit CVV' },
    });
  }
  if (!payment.open) {
    // A closed order takes no new charge; a success it already had still reads as one.
    const [existing] = await db
      .select({ status: sandboxCharges.status })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, reference))
      .limit(1);
    if (existing?.status === 'success') return { status: 'success', reference, message: 'Payment successful' };
    throw new AppError('PAYMENT_CLOSED', 'This payment is no longer open', { status: 409 });
  }

  const success = number === SANDBOX_SUCCESS_CARD;
  const status: PaymentStatus = success ? 'success' : 'failed';
  const message = success ? 'Payment successful' : SANDBOX_DECLINED_MESSAGE;
  const values = {
    reference,
    amount: payment.amount,
    currency: payment.currency,
    email: payment.email,
    status,
    cardLast4: number.slice(-4),
    message,
    createdAt: clock.now(),
  };
  const [written] = await db
    .insert(sandboxCharges)
    .values(values)
    .onConflictDoUpdate({
      target: sandboxCharges.reference,
      set: { status, cardLast4: values.cardLast4, message, createdAt: values.createdAt },
      // A success is final: a later decline never overwrites it.
      setWhere: sql`${sandboxCharges.status} <> 'success'`,
    })
    .returning({ status: sandboxCharges.status });
  // Nothing written: this reference was already charged successfully, and that stands.
  if (!written) return { status: 'success', reference, message: 'Payment successful' };
  return { status, reference, message };
}

/** x-paystack-signature must be the HMAC-SHA512 of the raw body with the secret key (constant-time). */
export function paystackSignatureValid(secret: string | undefined, rawBody: Buffer, signature: unknown): boolean {
  if (!secret || typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secret).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// --- Refunds ---------------------------------------------------------------------------------------

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

export const invalidRefundAmount = () => invalidField('amount', PAYMENT_MESSAGES.invalidRefund);

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
 * (minor units) defaults to all that is left. 400 'Please enter a valid refund amount' for zero,
 * a fraction of a minor unit or more than is left; 409 for a payment that is not successful.
 * Undo: settleRefund marks it failed when the provider refuses, which frees the amount again.
 */
export async function reserveRefund(
  tx: DbHandle,
  {
    reference,
    amount,
    requestedBy,
    reason = null,
    now,
  }: { reference: string; amount?: number; requestedBy: string | null; reason?: string | null; now: Date },
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
  const value = amount ?? left;
  if (!Number.isInteger(value) || value <= 0 || value > left) throw invalidRefundAmount();
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
 * provider, then records its answer on the refund and as a payment event. A provider that cannot
 * be reached counts as a refusal. Returns the refund and whether the payment is now wholly refunded
 * (then marked 'reversed', as Paystack marks it).
 */
export async function settleRefund({
  db,
  provider,
  reserved,
  now,
}: {
  db: Database;
  provider: PaymentProviderDriver;
  reserved: ReservedRefund;
  now: Date;
}): Promise<{ refund: RefundRow; fullyRefunded: boolean }> {
  let result: RefundResult;
  try {
    result = await provider.refund({ reference: reserved.reference, amount: reserved.amount });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    result = { status: 'failed', providerReference: null, message: error.message };
  }
  return transaction(db, async (tx) => {
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
  });
}

/** A payment whose processed refunds reach its amount becomes 'reversed'; true when that happened now. */
async function reverseWhenRefunded(tx: DbHandle, paymentId: string): Promise<boolean> {
  const { processed } = await refundTotals(tx, paymentId);
  const reversed = await tx
    .update(payments)
    .set({ status: 'reversed' })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'success'), lte(payments.amount, processed)))
    .returning({ id: payments.id });
  return reversed.length > 0;
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
