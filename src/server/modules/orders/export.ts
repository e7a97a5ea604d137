import { asc, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminOrderQuerySchema } from '../../../shared/admin-orders';
import { fromMinorUnits } from '../../../shared/money';
import type { Database, DbHandle } from '../../db/client';
import { orderItems, orders } from '../../db/schema/orders';
import { newestKey } from '../../lib/paging';
import { newestInBatches, type ExportColumn, type ExportTable } from '../../lib/table-export';
import { refundedByOrder } from '../payments';
import { orderListWhere, orderSummaryColumns } from './admin-orders';

/* The admin's Orders tab as a file (CSV or .xlsx): every order its filter matches, newest first, as a bookkeeper reads it. */

const exportColumns = { ...newestKey(orders), ...orderSummaryColumns };

const matching = (db: Database, where: SQL | undefined) => db.select(exportColumns).from(orders).where(where);
type ExportedOrder = Awaited<ReturnType<typeof matching>>[number];

interface OrderExportRow {
  order: ExportedOrder;
  lines: { name: string; quantity: number; price: number }[];
  /** Minor units refunded or being refunded of the order's payments, as the Paystack tab counts them. */
  refunded: number;
}

const sum = (lines: OrderExportRow['lines'], part: (line: OrderExportRow['lines'][number]) => number) =>
  lines.reduce((total, line) => total + part(line), 0);

/** Amounts in the order's currency: orders keep whole units, refunds minor units. */
const COLUMNS: ExportColumn<OrderExportRow>[] = [
  { header: 'Order number', value: (r) => r.order.orderNumber },
  { header: 'Date', value: (r) => r.order.createdAt },
  { header: 'Customer name', value: (r) => r.order.customerName },
  { header: 'Customer email', value: (r) => r.order.customerEmail },
  { header: 'Status', value: (r) => r.order.status },
  { header: 'Payment status', value: (r) => r.order.paymentStatus },
  { header: 'Items', value: (r) => r.lines.map((line) => `${line.name} (${line.quantity}x)`).join('; ') },
  { header: 'Item count', value: (r) => sum(r.lines, (line) => line.quantity) },
  { header: 'Subtotal', value: (r) => sum(r.lines, (line) => line.price * line.quantity) },
  { header: 'Total', value: (r) => r.order.totalAmount },
  { header: 'Refunded', value: (r) => fromMinorUnits(r.refunded) },
  { header: 'Currency', value: (r) => r.order.currency },
  { header: 'Payment reference', value: (r) => r.order.paymentReference },
  { header: 'Courier', value: (r) => r.order.courier },
  { header: 'Tracking number', value: (r) => r.order.trackingNumber },
];

/** The lines of a batch of orders, by order id. */
async function linesOf(db: DbHandle, batch: ExportedOrder[]) {
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      name: orderItems.name,
      quantity: orderItems.quantity,
      price: orderItems.price,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        batch.map((order) => order.id),
      ),
    )
    .orderBy(asc(orderItems.name));
  const byOrder = new Map<string, OrderExportRow['lines']>();
  for (const { orderId, ...line } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), line]);
  return byOrder;
}

/** Each batch of orders with its lines and refunds: two reads a batch, sent together. */
async function* withLinesAndRefunds(
  db: DbHandle,
  batches: AsyncIterable<ExportedOrder[]>,
): AsyncGenerator<OrderExportRow[]> {
  for await (const batch of batches) {
    const [lines, refunded] = await Promise.all([
      linesOf(db, batch),
      refundedByOrder(
        db,
        batch.map((order) => order.id),
      ),
    ]);
    yield batch.map((order) => ({
      order,
      lines: lines.get(order.id) ?? [],
      refunded: refunded.get(order.id) ?? 0,
    }));
  }
}

/**
 * GET /api/admin/orders/export.csv and .xlsx: the list's ?q=&status= (its sort and page aside), newest first.
 * The filter is read here, before the reply starts, so a bad one is refused while a 400 can still be sent.
 */
export function exportOrders({
  db,
  query,
  batchSize,
}: {
  db: Database;
  query: z.output<typeof adminOrderQuerySchema>;
  batchSize: number;
}): ExportTable<OrderExportRow> {
  const orderRows = newestInBatches(orders, orderListWhere(query), (where) => matching(db, where), batchSize);
  return { columns: COLUMNS, batches: withLinesAndRefunds(db, orderRows) };
}

/** Order numbers by order id, for the payments export. */
export async function orderNumbersById(db: DbHandle, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.orderNumber]));
}
