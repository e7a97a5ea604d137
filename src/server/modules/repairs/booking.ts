import { and, count, eq, inArray } from 'drizzle-orm';
import { PICKUP_MESSAGES, pickupDateRefusal, upcomingSlots } from '../../../shared/repair-calendar';
import { findRepairService } from '../../../shared/repair-services';
import { REPAIR_MESSAGES, type RepairBookedReply, type RepairBooking } from '../../../shared/repairs';
import type { Config } from '../../config';
import { afterCommit, transaction, type Database, type DbHandle } from '../../db/client';
import { repairBookings } from '../../db/schema/repairs';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import { bookingNumber as makeBookingNumber, clockNumbers, insertNumbered } from '../../lib/reference-numbers';
import { activeAgents, adminNotifyAddress } from '../accounts';
import { ANONYMOUS_MAIL_CAP, enqueueEmail } from '../mail';
import { everyRepair } from './admin-list';
import { renderAdminNewRepairEmail, renderRepairConfirmation } from './emails';
import { lockPickupDay, takeSlot } from './slots';
import { appendRepairHistory, emailAgent, pickupOfEmail } from './status-steps';

/**
 * The active agent with the fewest pickups still to collect that day; the longest-serving wins a tie.
 * The caller holds the day's lock (lockPickupDay), so two bookings cannot both count the same
 * least busy agent before either is stored.
 */
async function leastBusyAgent(tx: DbHandle, date: string) {
  const agents = await activeAgents(tx);
  if (agents.length === 0) throw new AppError('NO_AGENT_AVAILABLE', REPAIR_MESSAGES.noAgent, { status: 503 });
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
 * Books a repair (spec 001 section 2, 'Repair booking dialog'): the pickup date and time checked
 * against the store's clock, then in one transaction, holding the day's lock, a place taken in the
 * slot, the least busy active agent assigned, the booking stored as 'booked' with its first history
 * entry, the confirmation email queued, and the agent and the admin (adminNotifyAddress, unless
 * switched off) told. Any refusal leaves nothing behind.
 */
export async function bookRepair({
  db,
  config,
  clock,
  booking,
  customerId,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  booking: RepairBooking;
  customerId: string | null;
}): Promise<RepairBookedReply> {
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
    const row = await insertNumbered(tx, repairBookings, clockNumbers(makeBookingNumber, now), (number) => ({
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
    }));
    await appendRepairHistory(tx, { row, status: 'booked', actorId: null, now });
    await enqueueEmail(
      tx,
      renderRepairConfirmation(row.bookingNumber, booking, service, agent.firstName, config.PUBLIC_URL),
      now,
      ANONYMOUS_MAIL_CAP,
    );
    await emailAgent(tx, agent.id, row, { kind: 'assigned' }, config, now);
    const admin = await adminNotifyAddress(tx, config);
    if (admin) {
      const pickup = { ...pickupOfEmail(row), agentName: agent.firstName };
      await enqueueEmail(tx, renderAdminNewRepairEmail(admin, pickup, config.PUBLIC_URL), now);
    }
    afterCommit(tx, everyRepair.forget);
    return { bookingNumber: row.bookingNumber, agentFirstName: agent.firstName };
  });
}
