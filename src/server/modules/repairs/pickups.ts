import { and, asc, eq } from 'drizzle-orm';
import { ERROR_CODES } from '../../../shared/errors';
import {
  findRepairService,
  PICKUP_SLOTS,
  REPAIR_MESSAGES,
  REPAIR_STATUS_DESCRIPTIONS,
  REPAIR_STATUS_LABELS,
  statusBefore,
  type AgentRepairPickup,
  type PickupSlot,
  type RepairAgentMove,
  type RepairBookingStatus,
} from '../../../shared/repairs';
import type { Config } from '../../config';
import { transaction, type Database } from '../../db/client';
import { repairBookings, repairStatusHistory } from '../../db/schema/repairs';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { recordAudit, type SignedInActor } from '../audit/service';
import { enqueueEmail } from '../mail/outbox';
import { renderRepairStatusEmail } from './emails';
import { bookingDetails, bookingSummary, normalizeBookingNumber, REPAIR_ERRORS } from './service';

type BookingRow = typeof repairBookings.$inferSelect;

function toPickup(row: BookingRow): AgentRepairPickup {
  return { ...bookingSummary(row), ...bookingDetails(row) };
}

/** An agent's pickups, by date then slot (one date when given): everything needed to collect the device. */
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
  return rows.sort((a, b) => a.pickupDate.localeCompare(b.pickupDate) || slotIndex(a) - slotIndex(b)).map(toPickup);
}

/**
 * The assigned agent moves a repair one step on: booked -> picked_up -> in_repair -> ready ->
 * returned. The status is checked in the UPDATE itself, so two tabs sending the same move change it
 * once; the second is told why not (409). Another agent's booking is 403. The history entry, the
 * audit entry and the customer's email are written in the same transaction.
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
    const [updated] = await tx
      .update(repairBookings)
      .set({ status, updatedAt: now })
      .where(
        and(
          eq(repairBookings.bookingNumber, number),
          eq(repairBookings.agentId, actor.id),
          eq(repairBookings.status, from),
        ),
      )
      .returning();
    if (!updated) {
      const [current] = await tx.select().from(repairBookings).where(eq(repairBookings.bookingNumber, number));
      if (!current) throw notFound(REPAIR_ERRORS.notFound, REPAIR_MESSAGES.notFound);
      if (current.agentId !== actor.id) {
        throw new AppError(ERROR_CODES.forbidden, 'This repair booking is assigned to another agent', {
          status: 403,
        });
      }
      const label = (s: RepairBookingStatus) => REPAIR_STATUS_LABELS[s];
      throw new AppError(
        ERROR_CODES.conflict,
        `This repair is ${label(current.status as RepairBookingStatus)}; it can only be marked ${label(status)} from ${label(from)}`,
        { status: 409 },
      );
    }
    await tx.insert(repairStatusHistory).values({
      bookingId: updated.id,
      status,
      description: REPAIR_STATUS_DESCRIPTIONS[status],
      actorId: actor.id,
      createdAt: now,
    });
    await recordAudit(tx, {
      actor,
      action: `repair_booking.${status}`,
      entity: { type: 'repair_booking', id: updated.bookingNumber },
      before: { status: from },
      after: { status },
      at: now,
    });
    const service = findRepairService(updated.serviceId)!;
    await enqueueEmail(
      tx,
      renderRepairStatusEmail(
        {
          bookingNumber: updated.bookingNumber,
          customerName: updated.customerName,
          customerEmail: updated.customerEmail,
          serviceName: service.name,
        },
        status,
        config.PUBLIC_URL,
      ),
      now,
    );
    return toPickup(updated);
  });
}
