import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { ERASED_CONTACT, type PersonalDataHolder } from '../../../shared/personal-data';
import { RETURN_OPEN_STATUSES } from '../../../shared/return-moves';
import { heldBy, photoIdsOf, rowsHeldBy, statusHistoryOf, type HistoryStep } from '../../lib/personal-data-rows';
import type { DbHandle } from '../../db/client';
import { returnImages, returnRequests, returnStatusHistory, returnUnits } from '../../db/schema/returns';
import { imagesOfDevices } from '../catalog';
import { deleteImage } from '../images';

/*
 * The returns module's part of a person's data (docs/decisions/076). A request is kept, as what was sent back, when
 * and how it was resolved: refunds, replacements and written-off stock refer to it. An erasure replaces the name,
 * contact details, pickup address and what the customer wrote, and deletes the photos they sent with it. The
 * inspecting agent's photos stay: they are the store's record of the device it took back.
 */

/** The holder's rows: by the account, or by the email address they were given under. */
const holderRows = (holder: PersonalDataHolder) => heldBy(returnRequests, holder);

/** A request as the person's copy shows it; its photos by image id (their bytes come from the images module). */
export interface ReturnRecord {
  returnNumber: string;
  kind: string;
  requestedAt: string;
  status: string;
  orderNumber: string | null;
  repairNumber: string | null;
  reason: string;
  description: string;
  units: { name: string; price: number; quantity: number }[];
  contact: { name: string; email: string; phone: string; address: string };
  pickup: { date: string; time: string };
  declineReason: string | null;
  refundAmount: number | null;
  repairJobNumber: string | null;
  replacementOrderNumber: string | null;
  history: HistoryStep[];
  photoImageIds: string[];
}

export async function returnsHeldFor(db: DbHandle, holder: PersonalDataHolder): Promise<ReturnRecord[]> {
  const rows = await rowsHeldBy(db, returnRequests, holder);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [units, historyOf, photosOf] = await Promise.all([
    db.select().from(returnUnits).where(inArray(returnUnits.requestId, ids)),
    statusHistoryOf(db, returnStatusHistory, returnStatusHistory.requestId, ids),
    photoIdsOf(db, returnImages, returnImages.requestId, ids, eq(returnImages.stage, 'request')),
  ]);
  return rows.map((row) => ({
    returnNumber: row.returnNumber,
    kind: row.kind,
    requestedAt: row.createdAt.toISOString(),
    status: row.status,
    orderNumber: row.orderNumber,
    repairNumber: row.repairNumber,
    reason: row.reason,
    description: row.description,
    units: units
      .filter((unit) => unit.requestId === row.id)
      .map((unit) => ({ name: unit.name, price: unit.price, quantity: unit.quantity })),
    contact: {
      name: row.customerName,
      email: row.customerEmail,
      phone: row.customerPhone,
      address: row.pickupAddress,
    },
    pickup: { date: row.pickupDate, time: row.pickupTime },
    declineReason: row.declineReason,
    refundAmount: row.refundAmount,
    repairJobNumber: row.repairJobNumber,
    replacementOrderNumber: row.replacementOrderNumber,
    history: historyOf(row.id),
    photoImageIds: photosOf(row.id),
  }));
}

/** The holder's requests still open (an agent may be on the way or have the device): an erasure waits for them. */
export async function returnsInProgress(db: DbHandle, holder: PersonalDataHolder): Promise<string[]> {
  const rows = await db
    .select({ number: returnRequests.returnNumber })
    .from(returnRequests)
    .where(sql`${holderRows(holder)} and ${inArray(returnRequests.status, [...RETURN_OPEN_STATUSES])}`)
    .orderBy(asc(returnRequests.createdAt));
  return rows.map((row) => row.number);
}

/** Deletes the requests' customer photos, but an image something else still shows. */
async function deleteCustomerPhotos(tx: DbHandle, requestIds: string[]): Promise<void> {
  const photos = await tx
    .delete(returnImages)
    .where(and(inArray(returnImages.requestId, requestIds), eq(returnImages.stage, 'request')))
    .returning({ imageId: returnImages.imageId });
  const ids = [...new Set(photos.map((photo) => photo.imageId))];
  if (ids.length === 0) return;
  const listed = await imagesOfDevices(tx, ids);
  const stillShown = await tx
    .selectDistinct({ imageId: returnImages.imageId })
    .from(returnImages)
    .where(and(inArray(returnImages.imageId, ids), notInArray(returnImages.requestId, requestIds)));
  for (const row of stillShown) listed.add(row.imageId);
  for (const id of ids.filter((id) => !listed.has(id))) await deleteImage(tx, id);
}

/** The returns' part of an erasure, in the caller's transaction: who, where and what they wrote replaced. */
export async function eraseReturnContacts(tx: DbHandle, holder: PersonalDataHolder, now: Date): Promise<void> {
  const rows = await tx.select({ id: returnRequests.id }).from(returnRequests).where(holderRows(holder));
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.id);
  await deleteCustomerPhotos(tx, ids);
  const { address, ...contact } = ERASED_CONTACT;
  await tx
    .update(returnRequests)
    .set({ ...contact, pickupAddress: address, description: '', updatedAt: now })
    .where(inArray(returnRequests.id, ids));
}
