import { and, count, eq, gte, inArray, lt, min, sql, type SQL } from 'drizzle-orm';
import { ORDER_NUMBER_PATTERN } from '../../../shared/orders';
import {
  RETURN_KIND_LABELS,
  RETURN_OPEN_STATUSES,
  RETURN_STATUS_LABELS,
  type ReturnStatus,
} from '../../../shared/return-moves';
import {
  RETURN_NUMBER_PATTERN,
  type AdminReturnList,
  type AdminReturnQuery,
  type AdminReturnRow,
  type ReturnsOverview,
  type ReturnWriteOffs,
} from '../../../shared/returns';
import type { Database, DbHandle } from '../../db/client';
import { returnRequests, returnUnits } from '../../db/schema/returns';
import { searchCondition } from '../../lib/like';
import { newestFirst, rememberedTotal } from '../../lib/paging';
import { exportNewestRows, type ExportColumn, type ExportRequest } from '../../lib/table-export';
import { adminRows } from './staff-views';

/* The admin's Returns tab: the paged list, the list as a file, the write-offs report and the overview's counts. */

/** How many requests there are: the list's total before any search or filter (forgotten after each change). */
export const everyReturn = rememberedTotal(returnRequests);

/** The day after a YYYY-MM-DD date, for a 'to' date that includes its whole day. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00+02:00`) + 86_400_000);

/**
 * The list's filters as one condition: a status ('open' for every open one), a kind, the day opened
 * (in the store's time), and the search: a whole RET or ORD number, a whole email, or text contained
 * in the number, the order's number, the name or the email (decision 028).
 */
function returnFilter(query: AdminReturnQuery): SQL | undefined {
  const q = query.q.trim();
  return and(
    query.status === 'open'
      ? inArray(returnRequests.status, RETURN_OPEN_STATUSES)
      : query.status
        ? eq(returnRequests.status, query.status)
        : undefined,
    query.kind ? eq(returnRequests.kind, query.kind) : undefined,
    query.from ? gte(returnRequests.createdAt, new Date(`${query.from}T00:00:00+02:00`)) : undefined,
    query.to ? lt(returnRequests.createdAt, dayAfter(query.to)) : undefined,
    ORDER_NUMBER_PATTERN.test(q.toUpperCase())
      ? eq(returnRequests.orderNumber, q.toUpperCase())
      : searchCondition(q, {
          number: { pattern: RETURN_NUMBER_PATTERN, column: returnRequests.returnNumber },
          email: returnRequests.customerEmail,
          anywhere: [
            returnRequests.returnNumber,
            returnRequests.orderNumber as never,
            returnRequests.customerName,
            returnRequests.customerEmail,
          ],
        }),
  );
}

/** Units that came back unsellable from refunded or replaced requests, and what they had been sold for. */
export async function returnWriteOffs(db: DbHandle): Promise<ReturnWriteOffs> {
  const [row] = await db
    .select({
      units: sql<number>`coalesce(sum(${returnUnits.quantity}), 0)::int`,
      value: sql<number>`coalesce(sum(${returnUnits.quantity} * ${returnUnits.price}), 0)::int`,
    })
    .from(returnUnits)
    .innerJoin(returnRequests, eq(returnRequests.id, returnUnits.requestId))
    .where(eq(returnRequests.stockOutcome, 'written_off'));
  return { units: Number(row?.units ?? 0), value: Number(row?.value ?? 0) };
}

/** GET /api/admin/returns: newest first, paged, filtered and searched, with the write-offs report. */
export async function listAdminReturns({
  db,
  query,
}: {
  db: Database;
  query: AdminReturnQuery;
}): Promise<AdminReturnList> {
  const where = returnFilter(query);
  const [rows, total, writeOffs] = await Promise.all([
    db
      .select()
      .from(returnRequests)
      .where(where)
      .orderBy(...newestFirst(returnRequests.createdAt, returnRequests.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    everyReturn.count(db, where),
    returnWriteOffs(db),
  ]);
  return { items: await adminRows(db, rows), total, page: query.page, pageSize: query.pageSize, writeOffs };
}

/** The overview's card: open requests, how long the oldest has waited, every status's count, the write-offs. */
export async function returnsOverview(db: DbHandle, now: Date): Promise<ReturnsOverview> {
  const [byStatus, [oldest], writeOffs] = await Promise.all([
    db.select({ status: returnRequests.status, count: count() }).from(returnRequests).groupBy(returnRequests.status),
    db
      .select({ at: min(returnRequests.createdAt) })
      .from(returnRequests)
      .where(inArray(returnRequests.status, RETURN_OPEN_STATUSES)),
    returnWriteOffs(db),
  ]);
  const counts = byStatus.map((row) => ({ status: row.status as ReturnStatus, count: Number(row.count) }));
  const open = counts
    .filter((row) => (RETURN_OPEN_STATUSES as readonly string[]).includes(row.status))
    .reduce((sum, row) => sum + row.count, 0);
  const oldestAt = oldest?.at ? new Date(oldest.at) : null;
  return {
    open,
    oldestOpenDays: oldestAt ? Math.floor((now.getTime() - oldestAt.getTime()) / 86_400_000) : null,
    byStatus: counts,
    writeOffs,
  };
}

const RETURN_COLUMNS: ExportColumn<AdminReturnRow>[] = [
  { header: 'Request number', value: (r) => r.returnNumber },
  { header: 'Kind', value: (r) => RETURN_KIND_LABELS[r.kind] },
  { header: 'Status', value: (r) => RETURN_STATUS_LABELS[r.status] },
  { header: 'Order number', value: (r) => r.orderNumber },
  { header: 'Repair number', value: (r) => r.repairNumber },
  { header: 'Units', value: (r) => r.units },
  { header: 'Customer name', value: (r) => r.customerName },
  { header: 'Customer email', value: (r) => r.customerEmail },
  { header: 'Agent', value: (r) => r.agent?.name },
  { header: 'Collection date', value: (r) => r.pickupDate },
  { header: 'Collection time', value: (r) => r.pickupTime },
  { header: 'Opened at', value: (r) => new Date(r.createdAt) },
  { header: 'Updated at', value: (r) => new Date(r.updatedAt) },
];

/** GET /api/admin/returns/export.csv and .xlsx: every request the list shows with these filters, in keyset batches. */
export const exportReturns = (request: ExportRequest<AdminReturnQuery>) =>
  exportNewestRows(request, { table: returnRequests, filter: returnFilter, columns: RETURN_COLUMNS, view: adminRows });
