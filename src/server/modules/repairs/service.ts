import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  findRepairService,
  PICKUP_MESSAGES,
  pickupDateRefusal,
  REPAIR_MESSAGES,
  REPAIR_STATUS_DESCRIPTIONS,
  upcomingSlots,
  type PickupSlot,
  type CustomerRepairSummary,
  type RepairBookingSummary,
  type RepairBookedReply,
  type RepairBooking,
  type RepairBookingStatus,
  type RepairDeviceType,
  type RepairServiceId,
  type RepairSlotsReply,
  type RepairTrackingView,
} from '../../../shared/repairs';
import type { Config } from '../../config';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { repairBookings, repairPickupSlots, repairStatusHistory } from '../../db/schema/repairs';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { bookingNumber as makeBookingNumber, insertNumbered } from '../../lib/reference-numbers';
import { activeAgents, firstNames } from '../accounts/agent-lookup';
import { ANONYMOUS_MAIL_CAP, enqueueEmail } from '../mail/outbox';
import { renderRepairConfirmation } from './emails';

interface Deps {
  db: Database;
  config: Config;
  clock: Clock;
}

export const REPAIR_ERRORS = {
  slotFull: 'SLOT_FULL',
  noAgent: 'NO_AGENT_AVAILABLE',
  notFound: 'REPAIR_NOT_FOUND',
} as const;

/** The times still offered on a date: inside the day's pickup hours, ahead of now, and not full. */
export async function listOfferedSlots({
  db,
  config,
  clock,
  date,
}: Deps & { date: string }): Promise<RepairSlotsReply> {
  const slots = upcomingSlots(date, clock.now());
  if (slots.length === 0) return { date, slots };
  const taken = await db
    .select({ time: repairPickupSlots.pickupTime, booked: repairPickupSlots.booked })
    .from(repairPickupSlots)
    .where(eq(repairPickupSlots.pickupDate, date));
  const full = new Set(taken.filter((row) => row.booked >= config.REPAIR_SLOT_CAPACITY).map((row) => row.time));
  return { date, slots: slots.filter((slot) => !full.has(slot)) };
}

/**
 * Takes one place in a pickup slot, or refuses with 409 when it is full. One statement: the
 * conditional increment (`booked < capacity`) waits for any other booking of the same slot to commit
 * and re-reads the count, so however many ask at once, exactly the capacity get a place.
 */
async function takeSlot(tx: DbHandle, date: string, time: PickupSlot, capacity: number) {
  const [row] = await tx
    .insert(repairPickupSlots)
    .values({ pickupDate: date, pickupTime: time, booked: 1 })
    .onConflictDoUpdate({
      target: [repairPickupSlots.pickupDate, repairPickupSlots.pickupTime],
      set: { booked: sql`${repairPickupSlots.booked} + 1` },
      setWhere: sql`${repairPickupSlots.booked} < ${capacity}`,
    })
    .returning({ booked: repairPickupSlots.booked });
  if (!row) {
    throw new AppError(REPAIR_ERRORS.slotFull, PICKUP_MESSAGES.slotFull, {
      status: 409,
      fields: { pickupTime: PICKUP_MESSAGES.slotFull },
    });
  }
}

/**
 * The active agent with the fewest pickups still to collect that day; the longest-serving wins a tie.
 * The caller holds the day's lock (lockPickupDay), so two bookings cannot both count the same
 * least busy agent before either is stored.
 */
async function leastBusyAgent(tx: DbHandle, date: string) {
  const agents = await activeAgents(tx);
  if (agents.length === 0) throw new AppError(REPAIR_ERRORS.noAgent, REPAIR_MESSAGES.noAgent, { status: 503 });
  const open = await tx
    .select({ agentId: repairBookings.agentId, pickups: count() })
    .from(repairBookings)
    .where(
      and(
        eq(repairBookings.pickupDate, date),
        eq(repairBookings.status, 'booked'),
        inArray(
          repairBookings.agentId,
          agents.map((agent) => agent.id),
        ),
      ),
    )
    .groupBy(repairBookings.agentId);
  const pickups = new Map(open.map((row) => [row.agentId, row.pickups]));
  return agents.reduce((best, agent) => ((pickups.get(agent.id) ?? 0) < (pickups.get(best.id) ?? 0) ? agent : best));
}

/**
 * Serialises the bookings of one pickup day until the transaction ends (a transaction-scoped
 * advisory lock keyed by the date; PGlite runs it too). Taken before the slot's row, so every
 * booking of the day takes the two locks in the same order.
 */
async function lockPickupDay(tx: DbHandle, date: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pickup:${date}`}))`);
}

/**
 * Books a repair (spec 001 section 2, 'Repair booking dialog'): the pickup date and time checked
 * against the store's clock, then in one transaction, holding the day's lock, a place taken in the
 * slot, the least busy active agent assigned, the booking stored as 'booked' with its first history
 * entry, and the confirmation email queued. Any refusal leaves nothing behind.
 */
export async function bookRepair({
  db,
  config,
  clock,
  booking,
  customerId,
}: Deps & { booking: RepairBooking; customerId: string | null }): Promise<RepairBookedReply> {
  const now = clock.now();
  const dateRefusal = pickupDateRefusal(booking.pickupDate, now);
  if (dateRefusal) throw invalidField('pickupDate', dateRefusal);
  if (!upcomingSlots(booking.pickupDate, now).includes(booking.pickupTime)) {
    throw invalidField('pickupTime', PICKUP_MESSAGES.timeUnavailable);
  }
  const service = findRepairService(booking.service)!;

  return transaction(db, async (tx) => {
    await lockPickupDay(tx, booking.pickupDate);
    await takeSlot(tx, booking.pickupDate, booking.pickupTime, config.REPAIR_SLOT_CAPACITY);
    const agent = await leastBusyAgent(tx, booking.pickupDate);
    const row = await insertNumbered(
      tx,
      repairBookings,
      (attempt) => makeBookingNumber(new Date(now.getTime() + attempt)),
      (number) => ({
        bookingNumber: number,
        customerId,
        deviceType: booking.deviceType,
        serviceId: booking.service,
        timeframe: booking.timeframe,
        ...booking.deviceDetails,
        customerName: booking.customerDetails.name,
        customerPhone: booking.customerDetails.phone,
        customerEmail: booking.customerDetails.email,
        address: booking.customerDetails.address,
        pickupDate: booking.pickupDate,
        pickupTime: booking.pickupTime,
        status: 'booked',
        agentId: agent.id,
        createdAt: now,
        updatedAt: now,
      }),
    );
    await tx
      .insert(repairStatusHistory)
      .values({ bookingId: row.id, status: 'booked', description: REPAIR_STATUS_DESCRIPTIONS.booked, createdAt: now });
    await enqueueEmail(
      tx,
      renderRepairConfirmation(row.bookingNumber, booking, service, agent.firstName, config.PUBLIC_URL),
      now,
      ANONYMOUS_MAIL_CAP,
    );
    return { bookingNumber: row.bookingNumber, agentFirstName: agent.firstName };
  });
}

/** A booking number as people type it: 'rep-123456789 ' is REP-123456789. */
export const normalizeBookingNumber = (value: string) => value.trim().toUpperCase();

export type BookingRow = typeof repairBookings.$inferSelect;

/** The booking with this number ('rep-123456789 ' too), or null. */
export async function findBooking(db: DbHandle, bookingNumber: string): Promise<BookingRow | null> {
  const [row] = await db
    .select()
    .from(repairBookings)
    .where(eq(repairBookings.bookingNumber, normalizeBookingNumber(bookingNumber)))
    .limit(1);
  return row ?? null;
}

export const repairNotFound = () => notFound(REPAIR_ERRORS.notFound, REPAIR_MESSAGES.notFound);

/**
 * A booking's progress for anyone holding its number: status, service, slot, the agent's first name
 * and the history. The device and contact details only for the signed-in customer who booked it.
 */
export async function trackedRepairView(
  db: DbHandle,
  row: BookingRow,
  viewerId: string | null,
): Promise<RepairTrackingView> {
  const history = await db
    .select()
    .from(repairStatusHistory)
    .where(eq(repairStatusHistory.bookingId, row.id))
    .orderBy(asc(repairStatusHistory.createdAt), asc(repairStatusHistory.id));
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

/** The signed-in customer's repair bookings, newest first. */
export async function listCustomerRepairs({
  db,
  customerId,
}: {
  db: Database;
  customerId: string;
}): Promise<CustomerRepairSummary[]> {
  const rows = await db
    .select()
    .from(repairBookings)
    .where(eq(repairBookings.customerId, customerId))
    .orderBy(desc(repairBookings.createdAt), desc(repairBookings.bookingNumber));
  return rows.map(bookingSummary);
}
