import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OpenPickup } from '../../../shared/agents';
import { ERROR_CODES } from '../../../shared/errors';
import { findRepairService } from '../../../shared/repair-services';
import { isOpenRepair, REPAIR_OPEN_STATUSES } from '../../../shared/repairs';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { repairBookings } from '../../db/schema/repairs';
import { AppError } from '../../lib/errors';
import type { SignedInActor } from '../audit';
import { agentHasRoomAt, moveRepairToAgent } from './admin-moves';
import { findBooking } from './bookings';
import { lockPickupDay } from './slots';

/** Why the audit log says a booking changed agent in a hand-over. */
const HAND_OVER_REASON = 'Its agent was deactivated';

/** What a hand-over of one open job is given: the job, the agent leaving it, and who may take it, in order. */
export interface HandOver<Agent> {
  number: string;
  from: { id: string };
  candidates: Agent[];
  actor: SignedInActor;
  config: Config;
  now: Date;
}

/** The first of `candidates` who can take the job, asked one at a time in order (each may count under a lock). */
export async function firstWhoCanTake<Agent>(
  candidates: Agent[],
  canTake: (agent: Agent) => Promise<boolean>,
): Promise<Agent | undefined> {
  for (const agent of candidates) if (await canTake(agent)) return agent;
  return undefined;
}

/*
 * What a deactivated agent's open pickups go through (decision 047): each is handed over by the
 * change of agent the admin's Reassign also takes (admin-moves.ts).
 */

/** The agent's open bookings, by pickup date and time, as the Deactivate dialog lists them. */
export async function openPickupsOf(db: DbHandle, agentId: string): Promise<OpenPickup[]> {
  const rows = await db
    .select()
    .from(repairBookings)
    .where(and(eq(repairBookings.agentId, agentId), inArray(repairBookings.status, REPAIR_OPEN_STATUSES)))
    .orderBy(asc(repairBookings.pickupDate), asc(repairBookings.pickupTime), asc(repairBookings.bookingNumber));
  return rows.map((row) => ({
    bookingNumber: row.bookingNumber,
    service: findRepairService(row.serviceId)?.name ?? row.serviceId,
    pickupDate: row.pickupDate,
    pickupTime: row.pickupTime,
    status: row.status,
  }));
}

/**
 * Gives one open booking of agent `from` to the first of `candidates` (in the caller's order of
 * preference) who can take it, in the caller's transaction: a pickup still to collect goes only to an
 * agent with room in its slot (agentHasRoomAt, the day's lock held as a booking holds it); a device
 * already picked up goes to the first. The move itself is moveRepairToAgent, the admin's Reassign:
 * history, audit, the customer and both agents emailed. 409 naming the booking when nobody can take it.
 */
export async function handOverPickup<Agent extends { id: string }>(
  tx: DbHandle,
  { number, from, candidates, actor, config, now }: HandOver<Agent>,
): Promise<Agent> {
  const row = await findBooking(tx, number);
  const refuse = (why: string) => new AppError(ERROR_CODES.conflict, `Repair ${number} ${why}`, { status: 409 });
  if (!row || row.agentId !== from.id || !isOpenRepair(row.status)) {
    throw refuse('is no longer open with this agent');
  }
  if (row.status === 'booked') await lockPickupDay(tx, row.pickupDate);
  const to = await firstWhoCanTake(
    candidates,
    async (agent) => row.status !== 'booked' || (await agentHasRoomAt(tx, agent.id, row, config)),
  );
  if (!to) {
    throw refuse(
      `cannot be handed over: no other active agent is free to collect it on ${row.pickupDate} at ${row.pickupTime}`,
    );
  }
  await moveRepairToAgent(tx, { bookingNumber: number, agentId: to.id, actor, config, now, reason: HAND_OVER_REASON });
  return to;
}
