import { and, asc, inArray, isNotNull, lt, notLike, sql } from 'drizzle-orm';
import { ERASED_CONTACT, ERASED_NAME, type PersonalDataHolder } from '../../../shared/personal-data';
import {
  daysAgo,
  PAYOUT_ACCOUNT_MASK_DAYS,
  SELLER_LINK_GRACE_DAYS,
  SELLER_PHOTO_DAYS,
} from '../../../shared/retention';
import { transaction, type DbHandle } from '../../db/client';
import { heldBy, photoIdsOf, rowsHeldBy, statusHistoryOf, type HistoryStep } from '../../lib/personal-data-rows';
import { tradeInImages, tradeInPayouts, tradeIns, tradeInStatusHistory } from '../../db/schema/trade-ins';
import { imagesOfDevices } from '../catalog';
import { deleteImage } from '../images';
import { everyTradeIn } from './lists';

/*
 * The trade-ins module's part of a person's data and of retention (docs/decisions/076). A trade-in the store paid
 * for is an accounting record kept five years: an erasure keeps it, with the seller's name, contact details,
 * address, IMEI and what they wrote replaced, the payout account cut to its bank and last four digits. One
 * declined keeps the same, without a payout. One the store never confirmed is deleted whole. Private photos go
 * in each case, unless a device the store lists shows them.
 */

/** The holder's rows: by the account, or by the email address they were given under. */
const holderRows = (holder: PersonalDataHolder) => heldBy(tradeIns, holder);

/** Where a trade-in rests once it is over: paid (and perhaps listed for sale since), or the offer declined. */
const CLOSED = ['Paid', 'Listed', 'Offer Declined'];
/** Statuses before any agent or money is involved: an erasure deletes such a trade-in. */
const NOT_STARTED = ['Awaiting Confirmation', 'Confirmed'];

/** A trade-in as the person's copy shows it; its photos by image id (their bytes come from the images module). */
export interface TradeInRecord {
  transactionNumber: string;
  submittedAt: string;
  status: string;
  device: Record<string, string | boolean | null>;
  contact: { name: string; email: string; phone: string; address: string };
  estimatedValue: number;
  offeredAmount: number | null;
  declineReason: string | null;
  payout: {
    accountHolder: string;
    bankName: string;
    branchCode: string;
    accountNumber: string;
    payoutReference: string | null;
    paidAt: string | null;
  } | null;
  history: HistoryStep[];
  photoImageIds: string[];
}

export async function tradeInsHeldFor(db: DbHandle, holder: PersonalDataHolder): Promise<TradeInRecord[]> {
  const rows = await rowsHeldBy(db, tradeIns, holder);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [payouts, historyOf, photosOf] = await Promise.all([
    db.select().from(tradeInPayouts).where(inArray(tradeInPayouts.tradeInId, ids)),
    statusHistoryOf(db, tradeInStatusHistory, tradeInStatusHistory.tradeInId, ids),
    photoIdsOf(db, tradeInImages, tradeInImages.tradeInId, ids),
  ]);
  return rows.map((row) => {
    const payout = payouts.find((p) => p.tradeInId === row.id);
    return {
      transactionNumber: row.transactionNumber,
      submittedAt: row.createdAt.toISOString(),
      status: row.status,
      device: {
        type: row.deviceType,
        brand: row.brand,
        model: row.model,
        condition: row.condition,
        storage: row.storage,
        ram: row.ram,
        color: row.color,
        accessories: row.accessories,
        description: row.description,
        imei: row.imei,
        isOwner: row.isOwner,
      },
      contact: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone, address: row.address },
      estimatedValue: row.estimatedValue,
      offeredAmount: row.offeredAmount,
      declineReason: row.declineReason,
      payout: payout
        ? {
            accountHolder: payout.accountHolder,
            bankName: payout.bankName,
            branchCode: payout.branchCode,
            accountNumber: payout.accountNumber,
            payoutReference: payout.payoutReference,
            paidAt: payout.paidAt?.toISOString() ?? null,
          }
        : null,
      history: historyOf(row.id),
      photoImageIds: photosOf(row.id),
    };
  });
}

/** The holder's trade-ins under way: an agent has it, or an offer or a payment waits. An erasure waits for them. */
export async function tradeInsInProgress(db: DbHandle, holder: PersonalDataHolder): Promise<string[]> {
  const rows = await db
    .select({ number: tradeIns.transactionNumber, status: tradeIns.status })
    .from(tradeIns)
    .where(holderRows(holder))
    .orderBy(asc(tradeIns.createdAt));
  return rows.filter((row) => ![...CLOSED, ...NOT_STARTED].includes(row.status)).map((row) => row.number);
}

/** Deletes trade-ins' photos but those a device shows; answers how many went. */
async function deletePhotos(tx: DbHandle, tradeInIds: string[]): Promise<number> {
  if (tradeInIds.length === 0) return 0;
  const photos = await tx
    .delete(tradeInImages)
    .where(inArray(tradeInImages.tradeInId, tradeInIds))
    .returning({ imageId: tradeInImages.imageId });
  const listed = await imagesOfDevices(
    tx,
    photos.map((photo) => photo.imageId),
  );
  const unlisted = [...new Set(photos.map((photo) => photo.imageId))].filter((id) => !listed.has(id));
  for (const id of unlisted) await deleteImage(tx, id);
  return unlisted.length;
}

/** The trade-ins' part of an erasure, in the caller's transaction (the rules are at the top of this file). */
export async function eraseTradeIns(tx: DbHandle, holder: PersonalDataHolder, now: Date): Promise<void> {
  const rows = await tx.select({ id: tradeIns.id, status: tradeIns.status }).from(tradeIns).where(holderRows(holder));
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.id);
  await deletePhotos(tx, ids);
  const unstarted = rows.filter((row) => NOT_STARTED.includes(row.status)).map((row) => row.id);
  if (unstarted.length > 0) {
    await tx.delete(tradeIns).where(inArray(tradeIns.id, unstarted));
    everyTradeIn.forget(tx as Parameters<typeof everyTradeIn.forget>[0]);
  }
  const kept = ids.filter((id) => !unstarted.includes(id));
  if (kept.length === 0) return;
  await tx
    .update(tradeIns)
    .set({
      ...ERASED_CONTACT,
      imei: null,
      description: null,
      declineReason: null,
      accessTokenHash: null,
      accessTokenNonce: null,
      accessTokenExpiresAt: null,
      updatedAt: now,
    })
    .where(inArray(tradeIns.id, kept));
  await tx
    .update(tradeInPayouts)
    .set({
      accountHolder: ERASED_NAME,
      accountNumber: sql`'••••' || right(${tradeInPayouts.accountNumber}, 4)`,
      updatedAt: now,
    })
    .where(inArray(tradeInPayouts.tradeInId, kept));
}

/**
 * Retention: payout account numbers paid PAYOUT_ACCOUNT_MASK_DAYS ago or more, cut to their last four digits
 * ('••••1234', as every screen shows them). Answers how many were cut.
 */
export async function maskOldPayoutAccounts(db: DbHandle, now: Date): Promise<number> {
  const masked = await db
    .update(tradeInPayouts)
    .set({ accountNumber: sql`'••••' || right(${tradeInPayouts.accountNumber}, 4)`, updatedAt: now })
    .where(
      and(
        isNotNull(tradeInPayouts.paidAt),
        lt(tradeInPayouts.paidAt, daysAgo(now, PAYOUT_ACCOUNT_MASK_DAYS)),
        notLike(tradeInPayouts.accountNumber, '••••%'),
      ),
    )
    .returning({ id: tradeInPayouts.tradeInId });
  return masked.length;
}

/**
 * Retention: the seller links that expired SELLER_LINK_GRACE_DAYS ago or more lose their token's hash and nonce (and
 * expiry), so the table keeps nothing that could prove a link. 'Email me a new link' makes a new one when asked.
 * Answers how many trade-ins lost theirs.
 */
export async function purgeExpiredSellerLinks(db: DbHandle, now: Date): Promise<number> {
  const purged = await db
    .update(tradeIns)
    .set({ accessTokenHash: null, accessTokenNonce: null, accessTokenExpiresAt: null })
    .where(lt(tradeIns.accessTokenExpiresAt, daysAgo(now, SELLER_LINK_GRACE_DAYS)))
    .returning({ id: tradeIns.id });
  return purged.length;
}

/**
 * Retention: the private photos of trade-ins that closed (paid, listed, or the offer declined) SELLER_PHOTO_DAYS ago or
 * more, but those a listed device shows. When it closed is when its history reached that status. Answers how many
 * photos were deleted.
 */
export async function deleteOldSellerPhotos(db: DbHandle, now: Date): Promise<number> {
  const closed = await db
    .select({ id: tradeIns.id })
    .from(tradeIns)
    .where(
      and(
        inArray(tradeIns.status, CLOSED),
        sql`exists (select 1 from ${tradeInImages} where ${tradeInImages.tradeInId} = ${tradeIns.id})`,
        sql`(select max(h.created_at) from ${tradeInStatusHistory} h
             where h.trade_in_id = ${tradeIns.id} and h.status = ${tradeIns.status})
            < ${daysAgo(now, SELLER_PHOTO_DAYS).toISOString()}::timestamptz`,
      ),
    );
  return transaction(db, (tx) =>
    deletePhotos(
      tx,
      closed.map((row) => row.id),
    ),
  );
}
