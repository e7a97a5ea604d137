import { and, eq } from 'drizzle-orm';
import type { Role } from '../../../shared/accounts';
import { ADMIN_REPAIR_MESSAGES } from '../../../shared/admin-repairs';
import { ERROR_CODES } from '../../../shared/errors';
import {
  cancelledHistory,
  REPAIR_MESSAGES,
  type RepairBookingStatus,
  type RepairCancelledReply,
} from '../../../shared/repairs';
import { transaction, type DbHandle } from '../../db/client';
import { repairBookings } from '../../db/schema/repairs';
import { AppError, invalidField } from '../../lib/errors';
import { recordAudit, type Actor, type SignedInActor } from '../audit';
import { ANONYMOUS_MAIL_CAP } from '../mail';
import { releaseSlot } from './slots';
import { appendRepairHistory, emailAgent, emailRepairStatus } from './status-steps';
import { findBooking, repairNotFound, trackedRepairView, type BookingRow } from './bookings';
import type { AppContext } from '../../context';

/** Who cancels: the admin (with the reason the customer and the agent are told), or the customer, proven by their session or the booking's email. */
type Canceller =
  { staff: SignedInActor; reason: string } | { viewer: { id: string; role: Role } | null; email: string; ip?: string };

/**
 * The customer cancelling, proven as an offer's answer is (decision 021, without the link): the
 * signed-in customer who booked, or the email given at booking, case-insensitive. A wrong email is
 * 403 under the email field, no proof 400 asking for it.
 */
function proveBooker(row: BookingRow, by: Extract<Canceller, { viewer: unknown }>): Actor & { proof: string } {
  const { viewer, email, ip } = by;
  if (viewer?.role === 'customer' && row.customerId === viewer.id) {
    return { id: viewer.id, role: 'customer', ip, proof: 'session' };
  }
  if (!email) {
    throw invalidField('email', REPAIR_MESSAGES.proofRequired);
  }
  if (email.toLowerCase() !== row.customerEmail.toLowerCase()) {
    throw new AppError(ERROR_CODES.forbidden, REPAIR_MESSAGES.wrongEmail, {
      status: 403,
      fields: { email: REPAIR_MESSAGES.wrongEmail },
    });
  }
  return { id: null, role: 'customer', ip, proof: 'email' };
}

/**
 * 'booked' -> 'cancelled', the status checked in the UPDATE itself: two cancels, or a cancel racing
 * the pickup, change it once; the other gets 409 saying why.
 */
async function markCancelled(tx: DbHandle, row: BookingRow, now: Date): Promise<BookingRow> {
  const [cancelled] = await tx
    .update(repairBookings)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(repairBookings.id, row.id), eq(repairBookings.status, 'booked')))
    .returning();
  if (cancelled) return cancelled;
  const status = ((await findBooking(tx, row.bookingNumber)) ?? row).status as RepairBookingStatus;
  throw new AppError(
    ERROR_CODES.conflict,
    status === 'cancelled' ? REPAIR_MESSAGES.alreadyCancelled : REPAIR_MESSAGES.notCancellable(status),
    { status: 409 },
  );
}

/**
 * Cancels a booking the agent has not picked up yet. Proof is checked before status, so a stranger
 * learns nothing. Then, in one transaction: the booking marked cancelled (409 when it no longer can
 * be), the slot's place given back, the history appended (with the staff's reason), the audit log written, and the customer
 * and the agent who was to collect the device emailed.
 */
export async function cancelRepair({
  db,
  config,
  clock,
  bookingNumber,
  by,
}: AppContext & { bookingNumber: string; by: Canceller }): Promise<RepairCancelledReply> {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const row = await findBooking(tx, bookingNumber);
    if (!row) throw repairNotFound();
    const { proof, ...actor } = 'staff' in by ? { ...by.staff, proof: undefined } : proveBooker(row, by);
    const cancelled = await markCancelled(tx, row, now);
    await releaseSlot(tx, row.pickupDate, row.pickupTime);
    const reason = 'staff' in by ? by.reason : undefined;
    const description = cancelledHistory(reason);
    await appendRepairHistory(tx, { row, status: 'cancelled', actorId: actor.id, now, description });
    await recordAudit(tx, {
      actor,
      action: 'repair_booking.cancelled',
      entity: { type: 'repair_booking', id: row.bookingNumber },
      before: { status: 'booked' },
      after: { status: 'cancelled' },
      details: 'staff' in by ? { reason: by.reason } : { proof },
      at: now,
    });
    // The booker's own cancel is anyone's who typed the booking's number and email: capped like its confirmation.
    await emailRepairStatus(
      tx,
      row,
      'cancelled',
      config,
      now,
      'staff' in by ? { reason } : { cap: ANONYMOUS_MAIL_CAP },
    );
    await emailAgent(tx, row.agentId, cancelled, { kind: 'cancelled', reason }, config, now);
    const viewerId = 'staff' in by ? by.staff.id : (by.viewer?.id ?? null);
    const message = 'staff' in by ? ADMIN_REPAIR_MESSAGES.cancelled(row.bookingNumber) : REPAIR_MESSAGES.cancelled;
    return { message, repair: await trackedRepairView(tx, cancelled, viewerId) };
  });
}
