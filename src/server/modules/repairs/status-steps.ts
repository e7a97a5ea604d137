import { REPAIR_STATUS_DESCRIPTIONS, type RepairBookingStatus } from '../../../shared/repairs';
import { findRepairService } from '../../../shared/repair-services';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { repairStatusHistory } from '../../db/schema/repairs';
import { enqueueEmail } from '../mail/outbox';
import { renderRepairStatusEmail } from './emails';
import type { BookingRow } from './views';

/* What every change of a booking's status writes beside it, in the same transaction. */

/** The history entry of a status, in the words the tracking view and the emails repeat. */
export async function appendRepairHistory(
  tx: DbHandle,
  { row, status, actorId, now }: { row: BookingRow; status: RepairBookingStatus; actorId: string | null; now: Date },
) {
  await tx.insert(repairStatusHistory).values({
    bookingId: row.id,
    status,
    description: REPAIR_STATUS_DESCRIPTIONS[status],
    actorId,
    createdAt: now,
  });
}

/** The customer's email saying the booking is now `status` (the agent's steps, or cancelled). */
export async function emailRepairStatus(
  tx: DbHandle,
  row: BookingRow,
  status: RepairBookingStatus,
  config: Config,
  now: Date,
) {
  const booking = {
    bookingNumber: row.bookingNumber,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    serviceName: findRepairService(row.serviceId)!.name,
  };
  await enqueueEmail(tx, renderRepairStatusEmail(booking, status, config.PUBLIC_URL), now);
}
