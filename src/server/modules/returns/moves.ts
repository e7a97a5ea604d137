import type { z } from 'zod';
import { formatPickupDate, PICKUP_MESSAGES, pickupDateRefusal, upcomingSlots } from '../../../shared/repair-calendar';
import type {
  declineReturnSchema,
  inspectReturnSchema,
  resolveReturnSchema,
  scheduleCollectionSchema,
} from '../../../shared/returns';
import { RETURN_MESSAGES } from '../../../shared/returns';
import { transaction } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findActiveAgent } from '../accounts';
import type { ImageBudget } from '../images';
import { ANONYMOUS_MAIL_CAP, enqueueEmail } from '../mail';
import type { OrderAccess } from '../orders';
import { lockPickupDay, releaseSlot, takeSlot } from '../repairs';
import { openableReturn } from './access';
import { renderReturnStepEmail } from './emails';
import { agentHasRoomFor, emailAgents, givePlaceBack, inStaffMove, moveReturn, type StaffMove } from './move-steps';
import { findReturn, lockReturn, type ReturnDeps } from './records';
import { normaliseReturnPhotos, storeReturnPhotos } from './photos';

/*
 * The moves of a request that move no money and no stock (those are outcomes.ts), each in one
 * transaction against the table in shared/return-moves.ts: the request locked (an agent's own, else
 * 403), moved (409 saying why when its status forbids it), its history and audit entry, the emails.
 *
 *   approveReturn        requested -> approved                     the admin
 *   declineReturn        requested -> declined, with a reason      the admin; the slot's place back
 *   scheduleCollection   approved or scheduled -> scheduled        the admin: an agent with room, a slot
 *   cancelReturn         before collection -> cancelled            the customer; the slot's place back
 *   collectReturn        scheduled -> collected                    its agent
 *   inspectReturn        collected -> inspected                    its agent: condition, sellable, photos
 *   sendBackReturn       inspected -> returned to customer         the admin
 */

/** Admin: 'Requested' -> 'Approved'. */
export async function approveReturn(staff: StaffMove) {
  return inStaffMove(staff, ({ move }) => move('approve'));
}

/** Admin: 'Requested' -> 'Declined' with the reason the customer is told; the slot's place is given back. */
export async function declineReturn({ input, ...staff }: StaffMove & { input: z.output<typeof declineReturnSchema> }) {
  return inStaffMove(staff, async ({ tx, row, move }) => {
    const moved = await move('decline', {
      set: { declineReason: input.reason },
      description: `Request declined: ${input.reason}`,
    });
    await givePlaceBack(tx, row);
    return moved;
  });
}

/** 409 under the field, when a slot cannot be taken at `now`. */
function refuseSlot(slot: { pickupDate: string; pickupTime: string }, now: Date) {
  const dateRefusal = pickupDateRefusal(slot.pickupDate, now);
  if (dateRefusal)
    throw new AppError('SLOT_UNAVAILABLE', dateRefusal, { status: 409, fields: { pickupDate: dateRefusal } });
  if (!upcomingSlots(slot.pickupDate, now).includes(slot.pickupTime as never)) {
    const message = PICKUP_MESSAGES.timeUnavailable;
    throw new AppError('SLOT_UNAVAILABLE', message, { status: 409, fields: { pickupTime: message } });
  }
}

/**
 * Admin: an active agent and a slot for the collection ('Approved' -> 'Collection Scheduled'), or
 * another agent or slot while it is scheduled. A new slot is taken and the old one given back (both
 * days locked in date order, as a repair's reschedule does); the agent must have room at the slot,
 * counting their pickups and collections there. The customer is emailed, and each agent concerned.
 */
export async function scheduleCollection({
  input,
  ...staff
}: StaffMove & { input: z.output<typeof scheduleCollectionSchema> }) {
  const { config } = staff;
  return inStaffMove(staff, async ({ tx, row, now, move }) => {
    const agent = await findActiveAgent(tx, input.agentId);
    if (!agent) {
      const message = 'This agent is not active: choose an active agent';
      throw new AppError('AGENT_INACTIVE', message, { status: 409, fields: { agentId: message } });
    }
    const moves = row.pickupDate !== input.pickupDate || row.pickupTime !== input.pickupTime;
    if (!moves && row.agentId === agent.id && row.status === 'collection_scheduled') {
      const message = 'The collection already has this agent and slot';
      throw new AppError('CONFLICT', message, { status: 409, fields: { agentId: message } });
    }
    if (moves) refuseSlot(input, now);
    for (const date of [...new Set([row.pickupDate, input.pickupDate])].sort()) await lockPickupDay(tx, date);
    if (!(await agentHasRoomFor(tx, agent.id, { ...input, requestId: row.id }, config))) {
      const message = `${agent.name} already has ${config.REPAIR_SLOT_CAPACITY} pickups on ${formatPickupDate(input.pickupDate)} at ${input.pickupTime}: choose another agent or time`;
      throw new AppError('AGENT_SLOT_FULL', message, { status: 409, fields: { agentId: message } });
    }
    if (moves) {
      await releaseSlot(tx, row.pickupDate, row.pickupTime);
      await takeSlot(tx, input.pickupDate, input.pickupTime, config.REPAIR_SLOT_CAPACITY);
    }
    const moved = await move('schedule', {
      set: { agentId: agent.id, pickupDate: input.pickupDate, pickupTime: input.pickupTime },
      description: `Collection with ${agent.name.split(' ')[0]} on ${formatPickupDate(input.pickupDate)} at ${input.pickupTime}`,
    });
    await emailAgents(tx, moved, { from: row.agentId, to: agent.id }, config, now);
    return moved;
  });
}

/**
 * The customer cancels before the collection (the owner's session or the order's link: whoever may
 * open the request); the slot's place is given back and the agent, if any, told.
 */
export async function cancelReturn({
  db,
  config,
  clock,
  returnNumber,
  access,
  ip,
}: ReturnDeps & { returnNumber: string; access: OrderAccess; ip?: string }) {
  const now = clock.now();
  await openableReturn(db, await findReturn(db, returnNumber), access);
  const actor = { id: access.viewer?.id ?? null, role: access.viewer?.role ?? ('customer' as const), ip };
  return transaction(db, async (tx) => {
    const row = await lockReturn(tx, returnNumber);
    const moved = await moveReturn(tx, { row, move: 'cancel', actor, now });
    await givePlaceBack(tx, row);
    await enqueueEmail(
      tx,
      renderReturnStepEmail(moved, 'cancelled', config.PUBLIC_URL),
      now,
      access.viewer ? {} : ANONYMOUS_MAIL_CAP,
    );
    if (row.agentId) await emailAgents(tx, moved, { from: row.agentId, to: null }, config, now);
    return { message: RETURN_MESSAGES.cancelled, returnNumber: moved.returnNumber };
  });
}

/** Agent: 'Collection Scheduled' -> 'Collected', their own collection only. */
export async function collectReturn(staff: StaffMove) {
  return inStaffMove(staff, ({ move }) => move('collect'));
}

/**
 * Agent: 'Collected' -> 'Inspected' with what they found: the condition, whether the unit can be sold
 * again (which decides, at the resolution, whether it goes back to stock or is written off), notes and
 * up to 4 photos, private like the customer's.
 */
export async function inspectReturn({
  input,
  imageBudget,
  ...staff
}: StaffMove & { input: z.output<typeof inspectReturnSchema>; imageBudget: ImageBudget }) {
  const photos = await normaliseReturnPhotos(input.photos, imageBudget);
  return inStaffMove(staff, async ({ tx, row, now, move }) => {
    const moved = await move('inspect', {
      set: {
        conditionFound: input.conditionFound,
        sellable: input.sellable,
        inspectionNotes: input.notes,
        inspectedAt: now,
      },
    });
    await storeReturnPhotos(tx, row.id, 'inspection', photos);
    return moved;
  });
}

/** Admin: 'Inspected' -> 'Returned to customer' (no fault found, or nothing else applies); no money, no stock. */
export async function sendBackReturn({ input, ...staff }: StaffMove & { input: z.output<typeof resolveReturnSchema> }) {
  return inStaffMove(staff, ({ move }) => move('sendBack', { details: input.note ? { note: input.note } : undefined }));
}
