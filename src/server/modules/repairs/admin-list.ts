import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import {
  REPAIR_NUMBER_PATTERN,
  type AdminRepairDetails,
  type AdminRepairQuery,
  type AdminRepairRow,
} from '../../../shared/admin-repairs';
import type { PagedReply } from '../../../shared/paging';
import { REPAIR_DEVICE_TYPE_LABELS } from '../../../shared/repair-services';
import { REPAIR_STATUS_LABELS, type RepairBookingStatus } from '../../../shared/repairs';
import type { Database, DbHandle } from '../../db/client';
import { repairBookings } from '../../db/schema/repairs';
import { searchCondition } from '../../lib/like';
import { newestPage, rememberedTotal } from '../../lib/paging';
import { exportNewestRows, type ExportColumn, type ExportRequest } from '../../lib/table-export';
import { agentContacts, userNames } from '../accounts';
import { emailsAbout } from '../mail';
import {
  bookingDetails,
  bookingHistory,
  bookingSummary,
  findBooking,
  repairNotFound,
  type BookingRow,
} from './bookings';

/* The admin's Repairs tab: the paged list, one booking's whole story, and the list as a file (CSV or .xlsx). */

/** How many bookings there are: the list's total before any search or filter (forgotten after each booking). */
export const everyRepair = rememberedTotal(repairBookings);

/**
 * The list's filters as one condition, each answered by an index: the status by (status, created_at),
 * the agent by (agent_id, pickup_date), the pickup dates by (pickup_date, pickup_time), a whole REP
 * number or email by the unique number and lower(email); other text is contained in the number,
 * name or email (decision 028).
 */
function repairFilter(query: AdminRepairQuery): SQL | undefined {
  return and(
    query.status ? eq(repairBookings.status, query.status) : undefined,
    query.agent ? eq(repairBookings.agentId, query.agent) : undefined,
    query.from ? gte(repairBookings.pickupDate, query.from) : undefined,
    query.to ? lte(repairBookings.pickupDate, query.to) : undefined,
    searchCondition(query.q, {
      number: { pattern: REPAIR_NUMBER_PATTERN, column: repairBookings.bookingNumber },
      email: repairBookings.customerEmail,
      anywhere: [repairBookings.bookingNumber, repairBookings.customerName, repairBookings.customerEmail],
    }),
  );
}

/** Rows as the list shows them, their agents looked up once for the page. */
async function adminRows(db: DbHandle, rows: BookingRow[]): Promise<AdminRepairRow[]> {
  const agents = await agentContacts(
    db,
    rows.flatMap((row) => (row.agentId ? [row.agentId] : [])),
  );
  return rows.map((row) => {
    const agent = row.agentId ? agents.get(row.agentId) : undefined;
    return {
      ...bookingSummary(row),
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      customerPhone: row.customerPhone,
      address: row.address,
      agent: agent ? { id: agent.id, name: agent.name, email: agent.email, active: agent.active } : null,
    };
  });
}

/** One booking as a row of the list (what each move answers). */
export async function adminRepairRow(db: DbHandle, row: BookingRow): Promise<AdminRepairRow> {
  return (await adminRows(db, [row]))[0]!;
}

/** GET /api/admin/repairs: newest first, paged, filtered by status, pickup dates and agent, searched. */
export async function listAdminRepairs({
  db,
  query,
}: {
  db: Database;
  query: AdminRepairQuery;
}): Promise<PagedReply<AdminRepairRow>> {
  const where = repairFilter(query);
  const page = await newestPage(db, repairBookings, where, query, { total: everyRepair.count(db, where) });
  return { ...page, items: await adminRows(db, page.items) };
}

/** GET /api/admin/repairs/:bookingNumber: the booking, its customer and agent, who did each step, and its emails. */
export async function adminRepairDetails({
  db,
  bookingNumber,
}: {
  db: Database;
  bookingNumber: string;
}): Promise<AdminRepairDetails> {
  const row = await findBooking(db, bookingNumber);
  if (!row) throw repairNotFound();
  const [summary, history, emails] = await Promise.all([
    adminRepairRow(db, row),
    bookingHistory(db, row.id),
    emailsAbout(db, { type: 'repair_booking', id: row.bookingNumber }),
  ]);
  const actors = await userNames(
    db,
    history.map((entry) => entry.actorId),
  );
  return {
    ...summary,
    deviceDetails: bookingDetails(row).deviceDetails,
    customerAccountId: row.customerId,
    updatedAt: row.updatedAt.toISOString(),
    // An entry with no actor was written by the booking itself (the customer, signed in or not).
    history: history.map((entry) => ({
      status: entry.status as RepairBookingStatus,
      description: entry.description,
      at: entry.createdAt.toISOString(),
      actor: entry.actorId ? (actors.get(entry.actorId) ?? 'Removed account') : null,
    })),
    emails: emails.map((email) => ({
      ...email,
      createdAt: email.createdAt.toISOString(),
      sentAt: email.sentAt?.toISOString() ?? null,
    })),
  };
}

const REPAIR_COLUMNS: ExportColumn<AdminRepairRow>[] = [
  { header: 'Booking number', value: (r) => r.bookingNumber },
  { header: 'Status', value: (r) => REPAIR_STATUS_LABELS[r.status] },
  { header: 'Pickup date', value: (r) => r.pickupDate },
  { header: 'Pickup time', value: (r) => r.pickupTime },
  { header: 'Service', value: (r) => r.service.name },
  { header: 'Device type', value: (r) => REPAIR_DEVICE_TYPE_LABELS[r.deviceType] },
  { header: 'Timeframe', value: (r) => r.timeframe },
  { header: 'Customer name', value: (r) => r.customerName },
  { header: 'Customer email', value: (r) => r.customerEmail },
  { header: 'Customer phone', value: (r) => r.customerPhone },
  { header: 'Address', value: (r) => r.address },
  { header: 'Agent', value: (r) => r.agent?.name },
  { header: 'Agent email', value: (r) => r.agent?.email },
  { header: 'Booked at', value: (r) => new Date(r.createdAt) },
];

/**
 * GET /api/admin/repairs/export.csv and .xlsx: every booking the list shows with these filters, newest
 * first, read in batches after the last one sent (keyset on created_at, id: the order of the list's index).
 */
export const exportRepairs = (request: ExportRequest<AdminRepairQuery>) =>
  exportNewestRows(request, { table: repairBookings, filter: repairFilter, columns: REPAIR_COLUMNS, view: adminRows });
