import { randomBytes } from 'node:crypto';
import type { PaymentParams } from '../../../shared/orders';
import { afterCommit, type DbHandle } from '../../db/client';
import { prepared, sameNames, type Value } from '../../db/prepared';
import { payments } from '../../db/schema/payments';
import { notFound } from '../../lib/errors';
import { rememberedTotal } from '../../lib/paging';
import type { PaymentProviderDriver, ProviderTransaction } from './providers';

/**
 * A payment from the store's side: the reference it is known by, the parameters the browser opens the
 * provider's widget with, the check that the provider's answer is this very payment, and the ledger
 * entry written once it is.
 */

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
 * What the browser needs to open the provider's widget, the last step of placing an order
 * (checkout/workflow.ts). Nothing is written: the provider hears of the payment when the shopper pays.
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
/** The ledger's row of a verified payment, once for its reference; built once (db/prepared.ts). */
const insertPayment = prepared((tx, value: Value<Omit<typeof payments.$inferInsert, 'status'>>) =>
  tx
    .insert(payments)
    .values({
      ...sameNames(value, [
        'reference',
        'orderId',
        'provider',
        'customerEmail',
        'customerName',
        'amount',
        'currency',
        'channel',
        'paidAt',
        'createdAt',
      ]),
      status: 'success',
    })
    .onConflictDoNothing({ target: payments.reference }),
);

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
  await insertPayment(tx, {
    reference: answer.reference,
    orderId,
    provider: provider.name,
    customerEmail: answer.customerEmail ?? customerEmail,
    customerName,
    amount: answer.amount,
    currency: answer.currency,
    channel: answer.channel,
    paidAt: answer.paidAt ?? now,
    createdAt: now,
  });
  afterCommit(tx, everyPayment.forget);
}
