import { eq } from 'drizzle-orm';
import {
  ADMIN_REPAIR_MESSAGES,
  type AdminRepairMoveReply,
  type RescheduleRepairInput,
} from '../../../shared/admin-repairs';
import { ERROR_CODES } from '../../../shared/errors';
import {
  formatPickupDate,
  PICKUP_MESSAGES,
  pickupDateRefusal,
  slotStart,
  upcomingSlots,
  type PickupSlot,
} from '../../../shared/repair-calendar';
import { REPAIR_OPEN_STATUSES, type RepairBookingStatus } from '../../../shared/repairs';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { transaction, type DbHandle } from '../../db/client';
import { repairBookings } from '../../db/schema/repairs';
import { AppError } from '../../lib/errors';
import { agentContacts } from '../accounts';
import { recordAudit, type SignedInActor } from '../audit';
import { enqueueEmail } from '../mail';
import { adminRepairRow } from './admin-list';
import { renderPickupChangedEmail } from './emails';
import { lockPickupDay, releaseSlot, takeSlot } from './slots';
import { appendRepairHistory, emailAgent, pickupOfEmail } from './status-steps';
import { findBooking, repairNotFound, type BookingRow } from './bookings';
import { agentPickupsAt } from './warranty-jobs';

/*
 * The admin's moves on a booking besides cancel (decision 046): give the pickup to another agent,
 * or move it to another slot. Each locks the booking's row first, so two admins (or an admin and the
 * agent stepping it on) change it one after the other and the second sees the first's result.
 */

type Move = 'reassigned' | 'rescheduled';

/** The booking, locked until the transaction ends; 404 when there is none. */
async function lockBooking(tx: DbHandle, bookingNumber: string): Promise<BookingRow> {
  const row = await findBooking(tx, bookingNumber, { lock: true });
  if (!row) throw repairNotFound();
  return row;
}

const conflict = (code: string, message: string, field?: string) =>
  new AppError(code, message, { status: 409, ...(field ? { fields: { [field]: message } } : {}) });

function refuseUnless(row: BookingRow, allowed: readonly RepairBookingStatus[], move: Move) {
  const status = row.status as RepairBookingStatus;
  if (!allowed.includes(status)) {
    throw conflict(ERROR_CODES.conflict, ADMIN_REPAIR_MESSAGES.notMovable(status, move));
  }
}

/**
 * True while the agent has fewer than REPAIR_SLOT_CAPACITY pickups still to collect in this slot: the
 * cap of a slot is also the most one agent can be sent to (decision 046), as a booking may give one
 * agent every place of a slot. The slot's own counter keeps this true for new bookings; it bites when
 * work is moved (a reassign, a hand-over) or the cap was lowered.
 */
export async function agentHasRoomAt(
  tx: DbHandle,
  agentId: string,
  slot: { pickupDate: string; pickupTime: string },
  config: Pick<Config, 'REPAIR_SLOT_CAPACITY'>,
): Promise<boolean> {
  return (await agentPickupsAt(tx, agentId, slot)) < config.REPAIR_SLOT_CAPACITY;
}

/**
 * Moves one booking to another agent, inside the caller's transaction: the admin's Reassign and the
 * agents module's hand-over of a deactivated agent's work both come here. Refuses with 409 (saying
 * why, under `agentId`) a finished or cancelled booking, the agent it already has, an agent who is
 * not active, and an agent who already has a slot's worth of pickups at the booking's slot (checked
 * while it is still to be collected, holding the day's lock as a booking does). Then the agent
 * changed, a history entry the customer's tracking shows, the audit entry (with `reason` when
 * given), and emails to the customer, the agent it was taken from (when still active) and the new
 * agent.
 */
export async function moveRepairToAgent(
  tx: DbHandle,
  {
    bookingNumber,
    agentId,
    actor,
    config,
    now,
    reason,
  }: {
    bookingNumber: string;
    agentId: string;
    actor: SignedInActor;
    config: Config;
    now: Date;
    reason?: string;
  },
): Promise<BookingRow> {
  const row = await lockBooking(tx, bookingNumber);
  refuseUnless(row, REPAIR_OPEN_STATUSES, 'reassigned');
  if (row.agentId === agentId) throw conflict(ERROR_CODES.conflict, ADMIN_REPAIR_MESSAGES.sameAgent, 'agentId');
  const people = await agentContacts(tx, [agentId, ...(row.agentId ? [row.agentId] : [])]);
  const agent = people.get(agentId);
  if (!agent?.active) throw conflict('AGENT_INACTIVE', ADMIN_REPAIR_MESSAGES.inactiveAgent, 'agentId');
  if (row.status === 'booked') {
    await lockPickupDay(tx, row.pickupDate);
    if (!(await agentHasRoomAt(tx, agent.id, row, config))) {
      const slot = [formatPickupDate(row.pickupDate), row.pickupTime as PickupSlot] as const;
      const message = ADMIN_REPAIR_MESSAGES.agentFull(agent.name, ...slot, config.REPAIR_SLOT_CAPACITY);
      throw conflict('AGENT_SLOT_FULL', message, 'agentId');
    }
  }
  const [moved] = await tx
    .update(repairBookings)
    .set({ agentId, updatedAt: now })
    .where(eq(repairBookings.id, row.id))
    .returning();
  const previous = row.agentId ? people.get(row.agentId) : undefined;
  await appendRepairHistory(tx, {
    row: moved!,
    status: row.status as RepairBookingStatus,
    actorId: actor.id,
    now,
    description: `Your agent is now ${agent.firstName}`,
  });
  await recordAudit(tx, {
    actor,
    action: 'repair_booking.reassigned',
    entity: { type: 'repair_booking', id: row.bookingNumber },
    before: { agentId: row.agentId, agent: previous?.name ?? null },
    after: { agentId, agent: agent.name },
    details: reason ? { reason } : undefined,
    at: now,
  });
  await enqueueEmail(
    tx,
    renderPickupChangedEmail(pickupOfEmail(moved!), { agentFirstName: agent.firstName }, config.PUBLIC_URL, now),
    now,
  );
  await emailAgent(tx, row.agentId, moved!, { kind: 'taken_away', to: agent.name }, config, now);
  await emailAgent(tx, agentId, moved!, { kind: 'assigned' }, config, now);
  return moved!;
}

type AdminMove = AppContext & { actor: SignedInActor; bookingNumber: string };

/** POST /api/admin/repairs/:bookingNumber/reassign: moveRepairToAgent in a transaction of its own. */
export async function reassignRepair(move: AdminMove & { agentId: string }) {
  const { db, config, clock, actor, bookingNumber, agentId } = move;
  const now = clock.now();
  return transaction(db, async (tx): Promise<AdminRepairMoveReply> => {
    const moved = await moveRepairToAgent(tx, { bookingNumber, agentId, actor, config, now });
    const repair = await adminRepairRow(tx, moved);
    return { message: ADMIN_REPAIR_MESSAGES.reassigned(moved.bookingNumber, repair.agent?.name ?? ''), repair };
  });
}

/** Why the new slot cannot be taken at `now` (409 under its field), before any place is counted. */
function refuseSlot({ pickupDate, pickupTime }: RescheduleRepairInput, now: Date) {
  const dateRefusal = pickupDateRefusal(pickupDate, now);
  if (dateRefusal) throw conflict('SLOT_UNAVAILABLE', dateRefusal, 'pickupDate');
  if (upcomingSlots(pickupDate, now).includes(pickupTime)) return;
  const past = slotStart(pickupDate, pickupTime).getTime() <= now.getTime();
  throw conflict(
    past ? 'SLOT_PAST' : 'SLOT_UNAVAILABLE',
    past ? ADMIN_REPAIR_MESSAGES.pastSlot : PICKUP_MESSAGES.timeUnavailable,
    'pickupTime',
  );
}

/**
 * POST /api/admin/repairs/:bookingNumber/reschedule: a booking still to be collected moves to a free
 * slot ahead, with the same agent. In one transaction, holding both days' locks (in date order, so
 * two reschedules cannot wait on each other): the old slot's place given back, the new one taken
 * (409 when full; the agent's own pickups there are part of that count, so they cannot be over it
 * either), then the history, the audit entry, and emails to the customer and the agent.
 */
export async function rescheduleRepair(move: AdminMove & { slot: RescheduleRepairInput }) {
  const { db, config, clock, actor, bookingNumber, slot } = move;
  const now = clock.now();
  return transaction(db, async (tx): Promise<AdminRepairMoveReply> => {
    const row = await lockBooking(tx, bookingNumber);
    refuseUnless(row, ['booked'], 'rescheduled');
    if (row.pickupDate === slot.pickupDate && row.pickupTime === slot.pickupTime) {
      throw conflict(ERROR_CODES.conflict, ADMIN_REPAIR_MESSAGES.sameSlot, 'pickupTime');
    }
    refuseSlot(slot, now);
    for (const date of [...new Set([row.pickupDate, slot.pickupDate])].sort()) await lockPickupDay(tx, date);
    await releaseSlot(tx, row.pickupDate, row.pickupTime);
    await takeSlot(tx, slot.pickupDate, slot.pickupTime, config.REPAIR_SLOT_CAPACITY);
    const [moved] = await tx
      .update(repairBookings)
      .set({ pickupDate: slot.pickupDate, pickupTime: slot.pickupTime, updatedAt: now })
      .where(eq(repairBookings.id, row.id))
      .returning();
    const from = { pickupDate: row.pickupDate, pickupTime: row.pickupTime };
    const newSlot = `${formatPickupDate(slot.pickupDate)} at ${slot.pickupTime}`;
    await appendRepairHistory(tx, {
      row: moved!,
      status: 'booked',
      actorId: actor.id,
      now,
      description: `Pickup moved to ${newSlot}`,
    });
    await recordAudit(tx, {
      actor,
      action: 'repair_booking.rescheduled',
      entity: { type: 'repair_booking', id: row.bookingNumber },
      before: from,
      after: slot,
      at: now,
    });
    await enqueueEmail(tx, renderPickupChangedEmail(pickupOfEmail(moved!), { from }, config.PUBLIC_URL, now), now);
    await emailAgent(tx, moved!.agentId, moved!, { kind: 'rescheduled', from }, config, now);
    return {
      message: ADMIN_REPAIR_MESSAGES.rescheduled(row.bookingNumber, formatPickupDate(slot.pickupDate), slot.pickupTime),
      repair: await adminRepairRow(tx, moved!),
    };
  });
}
