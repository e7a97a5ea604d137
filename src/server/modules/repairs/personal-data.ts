import { asc, notInArray, sql } from 'drizzle-orm';
import { ERASED_CONTACT, type PersonalDataHolder } from '../../../shared/personal-data';
import { heldBy, rowsHeldBy, statusHistoryOf, type HistoryStep } from '../../lib/personal-data-rows';
import type { DbHandle } from '../../db/client';
import { repairBookings, repairStatusHistory } from '../../db/schema/repairs';

/*
 * The repairs module's part of a person's data (docs/decisions/076). A repair is kept, as what was repaired and
 * when; an erasure replaces the name, contact details, address and what the customer wrote about the fault.
 */

/** The holder's rows: by the account, or by the email address they were given under. */
const holderRows = (holder: PersonalDataHolder) => heldBy(repairBookings, holder);

/** Where a repair rests once it is over. */
const FINISHED = ['returned', 'cancelled'];

/** A repair as the person's copy shows it. */
export interface RepairRecord {
  bookingNumber: string;
  bookedAt: string;
  status: string;
  device: { type: string; brand: string; model: string; issue: string; description: string };
  service: string;
  contact: { name: string; email: string; phone: string; address: string };
  pickup: { date: string; time: string };
  history: HistoryStep[];
}

export async function repairsHeldFor(db: DbHandle, holder: PersonalDataHolder): Promise<RepairRecord[]> {
  const rows = await rowsHeldBy(db, repairBookings, holder);
  if (rows.length === 0) return [];
  const historyOf = await statusHistoryOf(
    db,
    repairStatusHistory,
    repairStatusHistory.bookingId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    bookingNumber: row.bookingNumber,
    bookedAt: row.createdAt.toISOString(),
    status: row.status,
    device: {
      type: row.deviceType,
      brand: row.brand,
      model: row.model,
      issue: row.issueType,
      description: row.description,
    },
    service: row.serviceId,
    contact: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone, address: row.address },
    pickup: { date: row.pickupDate, time: row.pickupTime },
    history: historyOf(row.id),
  }));
}

/** The holder's repairs under way (booked, or the device with us): an erasure waits for them. */
export async function repairsInProgress(db: DbHandle, holder: PersonalDataHolder): Promise<string[]> {
  const rows = await db
    .select({ number: repairBookings.bookingNumber })
    .from(repairBookings)
    .where(sql`${holderRows(holder)} and ${notInArray(repairBookings.status, FINISHED)}`)
    .orderBy(asc(repairBookings.createdAt));
  return rows.map((row) => row.number);
}

/** The repairs' part of an erasure, in the caller's transaction: who and where replaced, the device kept. */
export async function eraseRepairContacts(tx: DbHandle, holder: PersonalDataHolder, now: Date): Promise<void> {
  await tx
    .update(repairBookings)
    .set({
      ...ERASED_CONTACT,
      description: '',
      updatedAt: now,
    })
    .where(holderRows(holder));
}
