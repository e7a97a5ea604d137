import { and, asc, eq } from 'drizzle-orm';
import { ERROR_CODES } from '../../../shared/errors';
import { PICKUP_SLOTS, type PickupSlot } from '../../../shared/repair-calendar';
import {
  REPAIR_STATUS_LABELS,
  statusBefore,
  type AgentRepairPickup,
  type RepairAgentMove,
  type RepairBookingStatus,
} from '../../../shared/repairs';
import type { Config } from '../../config';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { repairBookings } from '../../db/schema/repairs';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { recordAudit, type SignedInActor } from '../audit';
import { appendRepairHistory, emailRepairStatus } from './status-steps';
import {
  agentSeesContact,
  bookingDetails,
  bookingSummary,
  customerFirstName,
  normalizeBookingNumber,
  repairNotFound,
  type BookingRow,
} from './bookings';

/* The assigned agent's side of a repair: the pickups to collect, and each step on from there. */

/** A booking as `agentId` sees it: the device always, the customer's contact only while agentSeesContact. */
function toPickup(row: BookingRow, agentId: string): AgentRepairPickup {
  const { deviceDetails, customerDetails } = bookingDetails(row);
  return {
    ...bookingSummary(row),
    deviceDetails,
    customerFirstName: customerFirstName(row),
    customerDetails: agentSeesContact(row, agentId) ? customerDetails : null,
  };
}

/**
 * An agent's pickups, by date then slot (one date when given): everything needed to collect and return
 * the device on the open ones; the closed ones (cancelled, returned) name the customer by first name only.
 */
export async function listAgentPickups({
  db,
  agentId,
  date,
}: {
  db: Database;
  agentId: string;
  date?: string;
}): Promise<AgentRepairPickup[]> {
  const rows = await db
    .select()
    .from(repairBookings)
    .where(and(eq(repairBookings.agentId, agentId), date ? eq(repairBookings.pickupDate, date) : undefined))
    .orderBy(asc(repairBookings.pickupDate), asc(repairBookings.createdAt));
  const slotIndex = (row: BookingRow) => PICKUP_SLOTS.indexOf(row.pickupTime as PickupSlot);
  // Slot labels do not sort as text ('01:00 PM' < '09:00 AM'): order by their place in the day.
  return rows
    .sort((a, b) => a.pickupDate.localeCompare(b.pickupDate) || slotIndex(a) - slotIndex(b))
    .map((row) => toPickup(row, agentId));
}

/**
 * The agent's booking moved from `from` to `to`, the status and the agent checked in the UPDATE
 * itself, so two tabs sending the same move change it once. When nothing matched: 404 for no such
 * booking, 403 for another agent's, 409 saying where the move is allowed from.
 */
async function stepBooking(
  tx: DbHandle,
  {
    number,
    actor,
    from,
    to,
    now,
  }: { number: string; actor: SignedInActor; from: RepairBookingStatus; to: RepairAgentMove; now: Date },
): Promise<BookingRow> {
  const [updated] = await tx
    .update(repairBookings)
    .set({ status: to, updatedAt: now })
    .where(
      and(
        eq(repairBookings.bookingNumber, number),
        eq(repairBookings.agentId, actor.id),
        eq(repairBookings.status, from),
      ),
    )
    .returning();
  if (updated) return updated;
  const [current] = await tx.select().from(repairBookings).where(eq(repairBookings.bookingNumber, number));
  if (!current) throw repairNotFound();
  if (current.agentId !== actor.id) {
    throw new AppError(ERROR_CODES.forbidden, 'This repair booking is assigned to another agent', { status: 403 });
  }
  const label = (s: RepairBookingStatus) => REPAIR_STATUS_LABELS[s];
  throw new AppError(
    ERROR_CODES.conflict,
    `This repair is ${label(current.status as RepairBookingStatus)}; it can only be marked ${label(to)} from ${label(from)}`,
    { status: 409 },
  );
}

/**
 * The assigned agent moves a repair one step on: booked -> picked_up -> in_repair -> ready ->
 * returned. In one transaction: the step (stepBooking), the history entry, the audit entry and the
 * customer's email.
 */
export async function moveRepair({
  db,
  config,
  clock,
  actor,
  bookingNumber,
  status,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  actor: SignedInActor;
  bookingNumber: string;
  status: RepairAgentMove;
}): Promise<AgentRepairPickup> {
  const number = normalizeBookingNumber(bookingNumber);
  const from = statusBefore(status);
  const now = clock.now();
  return transaction(db, async (tx) => {
    const moved = await stepBooking(tx, { number, actor, from, to: status, now });
    await appendRepairHistory(tx, { row: moved, status, actorId: actor.id, now });
    await recordAudit(tx, {
      actor,
      action: `repair_booking.${status}`,
      entity: { type: 'repair_booking', id: moved.bookingNumber },
      before: { status: from },
      after: { status },
      at: now,
    });
    await emailRepairStatus(tx, moved, status, config, now);
    return toPickup(moved, actor.id);
  });
}
