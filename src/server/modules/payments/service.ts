import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PaymentParams } from '../../../shared/orders';
import { SANDBOX_DECLINED_MESSAGE, SANDBOX_SUCCESS_CARD, type PaymentStatus } from '../../../shared/payments';
import type { Database, DbHandle } from '../../db/client';
import { payments, refunds, sandboxCharges } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { PaymentProviderDriver, ProviderTransaction } from './providers';

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

/**
 * Writes a successful payment to the ledger, once: the reference is unique, so a second call for
 * the same payment writes nothing. Runs in the caller's transaction.
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
  const [existing] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference)).limit(1);
  if (existing?.status === 'success') return { status: 'success', reference, message: 'Payment successful' };
  if (!payment.open) {
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
  await db
    .insert(sandboxCharges)
    .values(values)
    .onConflictDoUpdate({
      target: sandboxCharges.reference,
      set: { status, cardLast4: values.cardLast4, message, createdAt: values.createdAt },
      // A success is final: a later decline never overwrites it.
      setWhere: sql`${sandboxCharges.status} <> 'success'`,
    });
  return { status, reference, message };
}

/** x-paystack-signature must be the HMAC-SHA512 of the raw body with the secret key (constant-time). */
export function paystackSignatureValid(secret: string | undefined, rawBody: Buffer, signature: unknown): boolean {
  if (!secret || typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secret).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Refunds a successful payment through its provider and records the refund. */
export async function refundPayment({
  db,
  provider,
  reference,
  amount,
  requestedBy = null,
}: {
  db: Database;
  provider: PaymentProviderDriver;
  reference: string;
  /** Minor units; the whole payment when omitted. */
  amount?: number;
  requestedBy?: string | null;
}) {
  const [payment] = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  if (!payment || payment.status !== 'success') throw paymentNotFound();
  const value = amount ?? payment.amount;
  if (!Number.isInteger(value) || value <= 0 || value > payment.amount) {
    throw new AppError('REFUND_AMOUNT_INVALID', 'The refund amount must be above 0 and at most the payment', {
      status: 400,
    });
  }
  const result = await provider.refund({ reference, amount: value });
  const [row] = await db
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amount: value,
      status: result.status,
      providerReference: result.providerReference,
      requestedBy,
    })
    .returning();
  return { refund: row!, message: result.message };
}
