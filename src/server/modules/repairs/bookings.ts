import { asc, desc, eq } from 'drizzle-orm';
import type { PickupSlot } from '../../../shared/repair-calendar';
import { findRepairService, type RepairDeviceType, type RepairServiceId } from '../../../shared/repair-services';
import {
  isOpenRepair,
  REPAIR_MESSAGES,
  type CustomerRepairSummary,
  type RepairBooking,
  type RepairBookingStatus,
  type RepairBookingSummary,
  type RepairTrackingView,
} from '../../../shared/repairs';
import type { Database, DbHandle } from '../../db/client';
import { repairBookings, repairStatusHistory } from '../../db/schema/repairs';
import { notFound } from '../../lib/errors';
import { firstRow } from '../../lib/first-row';
import { firstNames, splitName } from '../accounts';

/* Finding a booking by its number, and what each reader is shown of it. */

export type BookingRow = typeof repairBookings.$inferSelect;

/** A booking number as people type it: 'rep-123456789 ' is REP-123456789. */
export const normalizeBookingNumber = (value: string) => value.trim().toUpperCase();

export const repairNotFound = () => notFound('REPAIR_NOT_FOUND', REPAIR_MESSAGES.notFound);

/** The booking with this number ('rep-123456789 ' too), or null; with `lock`, held until the transaction ends. */
export const findBooking = (db: DbHandle, bookingNumber: string, options?: { lock: boolean }) =>
  firstRow(db, repairBookings, eq(repairBookings.bookingNumber, normalizeBookingNumber(bookingNumber)), options);

/** The fields every view of a booking shows. */
export function bookingSummary(row: BookingRow): RepairBookingSummary {
  const service = findRepairService(row.serviceId)!;
  return {
    bookingNumber: row.bookingNumber,
    status: row.status as RepairBookingStatus,
    deviceType: row.deviceType as RepairDeviceType,
    service: { id: service.id as RepairServiceId, name: service.name },
    timeframe: row.timeframe,
    pickupDate: row.pickupDate,
    pickupTime: row.pickupTime as PickupSlot,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Whether an agent is shown the customer's contact (full name, phone, email, address) on a booking: only
 * while it is theirs and open, a pickup to make or a device to return. Once it is cancelled, returned or
 * given to another agent, the agent knows the customer by first name, as agents know sellers (decision 031).
 */
export const agentSeesContact = (row: BookingRow, agentId: string): boolean =>
  row.agentId === agentId && isOpenRepair(row.status);

/** The customer's first name: how an agent knows them without the contact. */
export const customerFirstName = (row: BookingRow): string => splitName(row.customerName).firstName;

/** The device and the customer's contact: for the customer who booked, and the agent while agentSeesContact. */
export function bookingDetails(row: BookingRow) {
  return {
    deviceDetails: {
      brand: row.brand,
      model: row.model,
      issueType: row.issueType as RepairBooking['deviceDetails']['issueType'],
      description: row.description,
    },
    customerDetails: {
      name: row.customerName,
      phone: row.customerPhone,
      email: row.customerEmail,
      address: row.address,
    },
  };
}

/** A booking's status history, in the order it happened. */
export const bookingHistory = (db: DbHandle, bookingId: string) =>
  db
    .select()
    .from(repairStatusHistory)
    .where(eq(repairStatusHistory.bookingId, bookingId))
    .orderBy(asc(repairStatusHistory.createdAt), asc(repairStatusHistory.id));

/**
 * A booking's progress for anyone holding its number: status, service, slot, the agent's first name
 * and the history. The device and contact details only for the signed-in customer who booked it.
 */
export async function trackedRepairView(
  db: DbHandle,
  row: BookingRow,
  viewerId: string | null,
): Promise<RepairTrackingView> {
  const history = await bookingHistory(db, row.id);
  const names = await firstNames(db, row.agentId ? [row.agentId] : []);
  const isOwner = viewerId !== null && row.customerId === viewerId;
  return {
    ...bookingSummary(row),
    agentFirstName: row.agentId ? (names.get(row.agentId) ?? null) : null,
    history: history.map((entry) => ({
      status: entry.status as RepairBookingStatus,
      description: entry.description,
      date: entry.createdAt.toISOString(),
    })),
    details: isOwner ? bookingDetails(row) : null,
  };
}

/** GET /api/repairs/:bookingNumber and the REP numbers of GET /api/track/:number; null when there is none. */
export async function trackRepair({
  db,
  bookingNumber,
  viewerId,
}: {
  db: Database;
  bookingNumber: string;
  viewerId: string | null;
}): Promise<RepairTrackingView | null> {
  const row = await findBooking(db, bookingNumber);
  return row ? trackedRepairView(db, row, viewerId) : null;
}

/** The signed-in customer's repair bookings, newest first. */
export async function listCustomerRepairs(db: Database, customerId: string): Promise<CustomerRepairSummary[]> {
  const rows = await db
    .select()
    .from(repairBookings)
    .where(eq(repairBookings.customerId, customerId))
    .orderBy(desc(repairBookings.createdAt), desc(repairBookings.bookingNumber));
  return rows.map(bookingSummary);
}
