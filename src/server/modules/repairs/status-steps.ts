import { REPAIR_STATUS_DESCRIPTIONS, type RepairBookingStatus } from '../../../shared/repairs';
import { findRepairService } from '../../../shared/repair-services';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { repairStatusHistory } from '../../db/schema/repairs';
import { enqueueEmail, type EnqueueOptions } from '../mail';
import { agentContacts } from '../accounts';
import { renderAgentPickupEmail, renderRepairStatusEmail, type AgentPickupChange, type PickupOfEmail } from './emails';
import { agentSeesContact, customerFirstName, type BookingRow } from './bookings';

/* What every change of a booking's status writes beside it, in the same transaction. */

/** The history entry of a status, in the words the tracking view and the emails repeat. */
export async function appendRepairHistory(
  tx: DbHandle,
  {
    row,
    status,
    actorId,
    now,
    description = REPAIR_STATUS_DESCRIPTIONS[status],
  }: { row: BookingRow; status: RepairBookingStatus; actorId: string | null; now: Date; description?: string },
) {
  await tx.insert(repairStatusHistory).values({
    bookingId: row.id,
    status,
    description,
    actorId,
    createdAt: now,
  });
}

/**
 * The customer's email saying the booking is now `status` (the agent's steps, or cancelled), with
 * the staff's `reason`; `cap` when the customer's own request sends it (ANONYMOUS_MAIL_CAP).
 */
export async function emailRepairStatus(
  tx: DbHandle,
  row: BookingRow,
  status: RepairBookingStatus,
  config: Config,
  now: Date,
  { reason, cap }: { reason?: string; cap?: EnqueueOptions } = {},
) {
  await enqueueEmail(tx, renderRepairStatusEmail(pickupOfEmail(row), status, config.PUBLIC_URL, reason), now, cap);
}

/** A booking as its emails name it. */
export function pickupOfEmail(row: BookingRow): PickupOfEmail {
  return {
    bookingNumber: row.bookingNumber,
    collected: row.status !== 'booked',
    customerName: row.customerName,
    customerFirstName: customerFirstName(row),
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    address: row.address,
    serviceName: findRepairService(row.serviceId)!.name,
    pickupDate: row.pickupDate,
    pickupTime: row.pickupTime,
  };
}

/**
 * The agent's email about a change to one of their pickups (`row` as it is after the change). Only
 * an active agent is written to: a deactivated one has no pickups to act on. The customer's contact
 * goes only to an agent the booking is still open with (agentSeesContact): a pickup cancelled or given
 * to someone else names the customer by first name.
 */
export async function emailAgent(
  tx: DbHandle,
  agentId: string | null,
  row: BookingRow,
  change: AgentPickupChange,
  config: Config,
  now: Date,
) {
  if (!agentId) return;
  const agent = (await agentContacts(tx, [agentId])).get(agentId);
  if (!agent?.active) return;
  const email = renderAgentPickupEmail(agent, pickupOfEmail(row), change, {
    withContact: agentSeesContact(row, agentId),
    publicUrl: config.PUBLIC_URL,
    at: now,
  });
  await enqueueEmail(tx, email, now);
}
