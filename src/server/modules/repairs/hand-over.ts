import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OpenPickup } from '../../../shared/agents';
import { ERROR_CODES } from '../../../shared/errors';
import { findRepairService } from '../../../shared/repair-services';
import type { RepairBookingStatus } from '../../../shared/repairs';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { repairBookings } from '../../db/schema/repairs';
import { AppError } from '../../lib/errors';
import { recordAudit, type SignedInActor } from '../audit/service';
import { enqueueEmail } from '../mail/outbox';
import { renderPickupAgentChanged } from './emails';
import { lockPickupDay } from './slots';

/*
 * Moving a repair booking from one agent to another: what a deactivated agent's open pickups go
 * through (decision 047). One function, so the admin's reassignment can share it.
 */

/** A booking still with its agent: a pickup to collect, or a device they hold until it is returned. */
export const OPEN_PICKUP_STATUSES: RepairBookingStatus[] = ['booked', 'picked_up', 'in_repair', 'ready'];

/** An agent is at one address per pickup hour: a second booked pickup in the same slot is more than they can collect. */
export const AGENT_PICKUPS_PER_SLOT = 1;

/** The agent's open bookings, by pickup date and time, as the Deactivate dialog lists them. */
export async function openPickupsOf(db: DbHandle, agentId: string): Promise<OpenPickup[]> {
  const rows = await db
    .select()
    .from(repairBookings)
    .where(and(eq(repairBookings.agentId, agentId), inArray(repairBookings.status, OPEN_PICKUP_STATUSES)))
    .orderBy(asc(repairBookings.pickupDate), asc(repairBookings.pickupTime), asc(repairBookings.bookingNumber));
  return rows.map((row) => ({
    bookingNumber: row.bookingNumber,
    service: findRepairService(row.serviceId)?.name ?? row.serviceId,
    pickupDate: row.pickupDate,
    pickupTime: row.pickupTime,
    status: row.status,
  }));
}

/** True when the agent can take one more booked pickup in this slot. */
async function freeAt(tx: DbHandle, agentId: string, date: string, time: string): Promise<boolean> {
  const taken = await tx
    .select({ id: repairBookings.id })
    .from(repairBookings)
    .where(
      and(
        eq(repairBookings.agentId, agentId),
        eq(repairBookings.pickupDate, date),
        eq(repairBookings.pickupTime, time),
        eq(repairBookings.status, 'booked'),
      ),
    );
  return taken.length < AGENT_PICKUPS_PER_SLOT;
}

/**
 * Gives one open booking of agent `from` to the first of `candidates` (in the caller's order of
 * preference) who can take it, in the caller's transaction: a pickup still to collect goes only to an
 * agent free in its slot (the day's lock held, as a booking holds it); a device already picked up goes
 * to the first. One conditional UPDATE (still `from`'s, still open), the audit entry, the customer's
 * email; /track names the new agent from then on. 409 naming the booking when nobody can take it.
 */
export async function handOverPickup<Agent extends { id: string; firstName: string }>(
  tx: DbHandle,
  {
    number,
    from,
    candidates,
    actor,
    config,
    now,
  }: { number: string; from: { id: string }; candidates: Agent[]; actor: SignedInActor; config: Config; now: Date },
): Promise<Agent> {
  const [row] = await tx.select().from(repairBookings).where(eq(repairBookings.bookingNumber, number)).limit(1);
  const refuse = (why: string) => new AppError(ERROR_CODES.conflict, `Repair ${number} ${why}`, { status: 409 });
  if (!row || row.agentId !== from.id || !OPEN_PICKUP_STATUSES.includes(row.status as RepairBookingStatus)) {
    throw refuse('is no longer open with this agent');
  }
  if (row.status === 'booked') await lockPickupDay(tx, row.pickupDate);
  let to: Agent | undefined;
  for (const agent of candidates) {
    if (row.status !== 'booked' || (await freeAt(tx, agent.id, row.pickupDate, row.pickupTime))) {
      to = agent;
      break;
    }
  }
  if (!to) {
    throw refuse(
      `cannot be handed over: no other active agent is free to collect it on ${row.pickupDate} at ${row.pickupTime}`,
    );
  }
  const [moved] = await tx
    .update(repairBookings)
    .set({ agentId: to.id, updatedAt: now })
    .where(
      and(
        eq(repairBookings.id, row.id),
        eq(repairBookings.agentId, from.id),
        inArray(repairBookings.status, OPEN_PICKUP_STATUSES),
      ),
    )
    .returning();
  if (!moved) throw refuse('is no longer open with this agent');
  await recordAudit(tx, {
    actor,
    action: 'repair_booking.hand_over',
    entity: { type: 'repair_booking', id: number },
    before: { status: moved.status, agentId: from.id },
    after: { status: moved.status, agentId: to.id },
    at: now,
  });
  const serviceName = findRepairService(moved.serviceId)?.name ?? moved.serviceId;
  const dedupeKey = `repair-agent:${number}:${to.id}:${now.toISOString()}`;
  await enqueueEmail(
    tx,
    renderPickupAgentChanged(
      { ...moved, serviceName, status: moved.status as RepairBookingStatus },
      { agentFirstName: to.firstName, dedupeKey },
      config.PUBLIC_URL,
    ),
    now,
  );
  return to;
}
