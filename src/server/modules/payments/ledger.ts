import { and, asc, count, countDistinct, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PagedReply } from '../../../shared/paging';
import {
  PAYMENT_STATUSES,
  type AdminPayment,
  type AdminPaymentEvent,
  type AdminRefund,
  type PaymentProvider,
  type PaymentStats,
  type RefundStatus,
} from '../../../shared/payments';
import type { Database } from '../../db/client';
import { paymentEvents, payments, refunds } from '../../db/schema/payments';
import { invalidField } from '../../lib/errors';
import { containedInAny } from '../../lib/like';
import { newestPage, type AdminListInput } from '../../lib/paging';
import type { RefundRow } from './refunds';
import { everyPayment, paymentNotFound } from './verification';

/** The admin's reads of the payments ledger (the Paystack tab): the list, its stat cards, one payment. */

/**
 * Minor units of a payment's refunds pending or processed (a failed one refunded nothing). A
 * subquery per row rather than a join grouped by payment: the page is then read straight off
 * payments_created_idx and only its rows look up their refunds (decision 028).
 */
// Drizzle leaves columns unqualified in a one-table select, and a bare "id" inside the subquery
// would be the refund's own: the outer payment's id is spelled out.
const outerPaymentId = sql`${payments}.${sql.identifier(payments.id.name)}`;
export const refundedAmount = sql<string>`(select coalesce(sum(${refunds.amount}), 0) from ${refunds} where ${refunds.paymentId} = ${outerPaymentId} and ${refunds.status} in ('pending', 'processed'))`;

/** Payments with the sum of their refunds, one row per payment. */
const withRefunds = (db: Database, where: SQL | undefined) => db.select(listColumns).from(payments).where(where);

/** What a row of the Paystack tab shows: the list's and its CSV export's columns. */
export const listColumns = {
  id: payments.id,
  reference: payments.reference,
  provider: payments.provider,
  customerEmail: payments.customerEmail,
  customerName: payments.customerName,
  status: payments.status,
  amount: payments.amount,
  refundedAmount,
  currency: payments.currency,
  channel: payments.channel,
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
};

interface ListRow {
  reference: string;
  provider: string;
  customerEmail: string;
  customerName: string | null;
  status: string;
  amount: number;
  refundedAmount: string;
  currency: string;
  channel: string | null;
  createdAt: Date;
}

function toAdminPayment(row: ListRow): AdminPayment {
  return {
    reference: row.reference,
    provider: row.provider as PaymentProvider,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    status: row.status,
    amount: row.amount,
    refundedAmount: Number(row.refundedAmount),
    currency: row.currency,
    channel: row.channel,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminRefund(row: RefundRow): AdminRefund {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status as RefundStatus,
    providerReference: row.providerReference,
    reason: row.reason,
    failureMessage: row.failureMessage,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * GET /api/admin/payments: newest first, paged; ?status= one of the payment statuses, ?q= a
 * reference, email or name (case-insensitive, contained).
 */
export async function listPayments({ db, query }: AdminListInput): Promise<PagedReply<AdminPayment>> {
  const where = paymentListWhere(query);
  const page = await newestPage(db, payments, where, query, {
    rows: withRefunds(db, where),
    total: everyPayment.count(db, where),
  });
  return { ...page, items: page.items.map(toAdminPayment) };
}

/** The list's WHERE (its export's too): 400 'Unknown payment status' for a status no payment has. */
export function paymentListWhere(query: Pick<AdminListInput['query'], 'q' | 'status'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) {
    if (!(PAYMENT_STATUSES as readonly string[]).includes(query.status)) {
      throw invalidField('status', 'Unknown payment status');
    }
    conditions.push(eq(payments.status, query.status));
  }
  if (query.q) {
    conditions.push(
      containedInAny(query.q, [
        payments.reference,
        payments.customerEmail,
        sql`coalesce(${payments.customerName}, '')`,
      ]),
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Statuses that count as a payment that succeeded (a reversed one did, then was refunded). */
const SUCCEEDED = ['success', 'reversed'];

/**
 * GET /api/admin/payments/stats. Total Revenue: money received less money processed back, per
 * currency; Success Rate: the rounded percent of payments that succeeded; Unique Customers:
 * distinct payer emails, case-insensitive.
 */
export async function paymentStats({ db }: { db: Database }): Promise<PaymentStats> {
  const [totals] = await db
    .select({
      all: count(),
      succeeded: sql<string>`count(*) filter (where ${inArray(payments.status, SUCCEEDED)})`,
      customers: countDistinct(sql`lower(${payments.customerEmail})`),
    })
    .from(payments);
  const [received, refunded] = await Promise.all([
    db
      .select({ currency: payments.currency, amount: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(inArray(payments.status, SUCCEEDED))
      .groupBy(payments.currency)
      .orderBy(asc(payments.currency)),
    db
      .select({ currency: payments.currency, amount: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.status, 'processed'))
      .groupBy(payments.currency),
  ]);
  const refundedIn = new Map(refunded.map((row) => [row.currency, Number(row.amount)]));
  const all = Number(totals?.all ?? 0);
  return {
    totalRevenue: received.map((row) => ({
      currency: row.currency,
      amount: Number(row.amount) - (refundedIn.get(row.currency) ?? 0),
    })),
    totalTransactions: all,
    successRate: all === 0 ? 0 : Math.round((Number(totals?.succeeded ?? 0) / all) * 100),
    uniqueCustomers: Number(totals?.customers ?? 0),
  };
}

/** One payment with its refunds (oldest first) and provider events (oldest first); 404 when unknown. */
export async function paymentLedgerEntry({ db, reference }: { db: Database; reference: string }) {
  const [row] = await withRefunds(db, eq(payments.reference, reference)).limit(1);
  if (!row) throw paymentNotFound();
  const [refundRows, eventRows] = await Promise.all([
    db.select().from(refunds).where(eq(refunds.paymentId, row.id)).orderBy(asc(refunds.createdAt), asc(refunds.id)),
    db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.reference, reference))
      .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id))
      .limit(100),
  ]);
  return {
    payment: { ...toAdminPayment(row), paidAt: row.paidAt?.toISOString() ?? null },
    refunds: refundRows.map(toAdminRefund),
    events: eventRows.map((event): AdminPaymentEvent => ({
      id: event.id,
      event: event.event,
      createdAt: event.createdAt.toISOString(),
      payload: event.payload,
    })),
  };
}
