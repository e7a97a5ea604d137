import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { AdminListQuery } from '../../../shared/admin';
import { fromMinorUnits } from '../../../shared/money';
import type { Database, DbHandle } from '../../db/client';
import { payments, refunds } from '../../db/schema/payments';
import { newestKey } from '../../lib/paging';
import { newestInBatches, type ExportColumn, type ExportTable } from '../../lib/table-export';
import { listColumns, paymentListWhere } from './ledger';

/* The admin's Paystack tab as a file (CSV or .xlsx), and the refunds the Orders export reads of each order. */

const exportColumns = { ...newestKey(payments), ...listColumns, orderId: payments.orderId };

const matching = (db: Database, where: SQL | undefined) => db.select(exportColumns).from(payments).where(where);
type ExportedPayment = Awaited<ReturnType<typeof matching>>[number];
type PaymentExportRow = ExportedPayment & { orderNumber: string | null };

/** Amounts in the payment's currency (the ledger keeps minor units). */
const COLUMNS: ExportColumn<PaymentExportRow>[] = [
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Order number', value: (r) => r.orderNumber },
  { header: 'Provider', value: (r) => r.provider },
  { header: 'Customer email', value: (r) => r.customerEmail },
  { header: 'Customer name', value: (r) => r.customerName },
  { header: 'Status', value: (r) => r.status },
  { header: 'Amount', value: (r) => fromMinorUnits(r.amount) },
  { header: 'Refunded', value: (r) => fromMinorUnits(Number(r.refundedAmount)) },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Channel', value: (r) => r.channel },
  { header: 'Date', value: (r) => r.createdAt },
  { header: 'Paid at', value: (r) => r.paidAt },
];

/**
 * GET /api/admin/payments/export.csv and .xlsx: the Paystack list's ?q=&status=, newest first. `orderNumbers`
 * names each batch's orders: the orders module's to answer, which payments sits below and never imports.
 * The filter is read here, before the reply starts, so a bad one is still refused with a 400.
 */
export function exportPayments({
  db,
  query,
  batchSize,
  orderNumbers,
}: {
  db: Database;
  query: Pick<AdminListQuery, 'q' | 'status'>;
  batchSize: number;
  orderNumbers: (orderIds: string[]) => Promise<Map<string, string>>;
}): ExportTable<PaymentExportRow> {
  const rows = newestInBatches(payments, paymentListWhere(query), (where) => matching(db, where), batchSize);
  return { columns: COLUMNS, batches: withOrderNumbers(rows, orderNumbers) };
}

async function* withOrderNumbers(
  batches: AsyncIterable<ExportedPayment[]>,
  orderNumbers: (orderIds: string[]) => Promise<Map<string, string>>,
): AsyncGenerator<PaymentExportRow[]> {
  for await (const batch of batches) {
    const numbers = await orderNumbers([...new Set(batch.map((row) => row.orderId))]);
    yield batch.map((row) => ({ ...row, orderNumber: numbers.get(row.orderId) ?? null }));
  }
}

/** Minor units refunded or being refunded (pending or processed, as the ledger counts them) of each order's payments. */
export async function refundedByOrder(db: DbHandle, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: payments.orderId, amount: sql<string>`sum(${refunds.amount})` })
    .from(refunds)
    .innerJoin(payments, sql`${payments.id} = ${refunds.paymentId}`)
    .where(and(inArray(payments.orderId, orderIds), inArray(refunds.status, ['pending', 'processed'])))
    .groupBy(payments.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.amount)]));
}
