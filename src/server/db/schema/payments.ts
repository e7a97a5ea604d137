/** The tables modules/payments owns: only that module imports this file (table-ownership.test.ts). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, REFUND_STATUSES } from '../../../shared/payments';
import { users } from './accounts';
import { clearedWith, createdAt, identityKey, oneOf, refersTo, updatedAt, uuidKey } from './columns';
import { orders } from './orders';

export const payments = pgTable(
  'payments',
  {
    id: uuidKey(),
    reference: text('reference').notNull().unique(),
    orderId: refersTo('order_id', () => orders.id).notNull(),
    provider: text('provider').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name'),
    /** Minor units (spec: amount x 100). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    channel: text('channel'),
    status: text('status').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('payments_status_check', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_provider_check', oneOf(t.provider, PAYMENT_PROVIDERS)),
    check('payments_amount_check', sql`${t.amount} >= 0`),
    index('payments_created_idx').on(t.createdAt.desc()),
    index('payments_order_idx').on(t.orderId),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuidKey(),
    paymentId: refersTo('payment_id', () => payments.id).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    providerReference: text('provider_reference'),
    requestedBy: clearedWith('requested_by', () => users.id),
    reason: text('reason'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
    index('refunds_payment_idx').on(t.paymentId),
    uniqueIndex('refunds_provider_reference_unique')
      .on(t.providerReference)
      .where(sql`${t.providerReference} is not null`),
  ],
);

/** What a provider told us (verify answers, webhooks), kept for the admin's payment details and for idempotency. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: identityKey(),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    reference: text('reference').notNull(),
    /** A provider's own id of the event, when it has one: the same webhook twice is stored once. */
    providerEventId: text('provider_event_id').unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_events_provider_check', oneOf(t.provider, PAYMENT_PROVIDERS)),
    index('payment_events_reference_idx').on(t.reference, t.createdAt),
  ],
);

/** The sandbox provider's own ledger, read by verify exactly as Paystack's would be. */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    reference: text('reference').primaryKey(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    email: text('email').notNull(),
    status: text('status').notNull(),
    cardLast4: text('card_last4'),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [check('sandbox_charges_status_check', oneOf(t.status, PAYMENT_STATUSES))],
);
