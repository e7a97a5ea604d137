import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { SellDeviceType } from '../../../shared/sell-devices';
import { SELL_MESSAGES, type SellForm, type SellReply } from '../../../shared/sell-form';
import type { AnySaleStatus } from '../../../shared/trade-in-statuses';
import { afterCommit, transaction, type DbHandle } from '../../db/client';
import { tradeInImages, tradeInQuotes, tradeIns } from '../../db/schema/trade-ins';
import { transactionNumber as makeTransactionNumber, clockNumbers, insertNumbered } from '../../lib/reference-numbers';
import { adminNotifyAddress } from '../accounts';
import { type ImageBudget, insertImage, normaliseFormPhotos } from '../images';
import { ANONYMOUS_MAIL_CAP, enqueueEmail } from '../mail';
import { adminNewTradeInEmail, submissionEmail } from './emails';
import { everyTradeIn } from './lists';
import { appendHistory, deviceInfo, emailContext, listedDevice, type TradeInDeps } from './trade-in-records';

/* Selling a device: the estimate from the quote table, then the submission with its photos. */

/**
 * The estimate from the quote table: the lowest amount among the rows matching what the seller
 * told us (a field left empty matches any), so the same device always gets the same figure and an
 * unstated detail never raises it. Falls back to the lowest for the type.
 */
async function estimateTradeIn(
  db: DbHandle,
  device: { deviceType: SellDeviceType; brand: string; storage: string; condition: string },
): Promise<number> {
  const lowest = async (conditions: SQL[]) => {
    const [row] = await db
      .select({ amount: tradeInQuotes.amount })
      .from(tradeInQuotes)
      .where(and(...conditions))
      .orderBy(asc(tradeInQuotes.amount))
      .limit(1);
    return row?.amount ?? null;
  };
  const byType = eq(tradeInQuotes.deviceType, device.deviceType);
  const given = [
    device.brand ? eq(tradeInQuotes.brand, device.brand) : null,
    device.storage ? eq(tradeInQuotes.storage, device.storage) : null,
    device.condition ? eq(tradeInQuotes.condition, device.condition) : null,
  ].filter((c): c is SQL => c !== null);
  const amount = (await lowest([byType, ...given])) ?? (await lowest([byType]));
  if (amount === null) throw new Error(`trade_in_quotes holds no row for ${device.deviceType}: seed it`);
  return amount;
}

/**
 * POST /api/trade-ins: stores the whole form as 'Awaiting Confirmation' under a new TXN number
 * (unique by constraint; a collision retries with the next millisecond), its first history entry,
 * its photos (through the images module), the confirmation email and the admin's notice (when
 * ADMIN_NOTIFY_EMAIL is not 'off'), all in one transaction.
 */
export async function submitTradeIn({
  db,
  config,
  clock,
  form,
  customer,
  imageBudget,
}: TradeInDeps & {
  form: SellForm;
  /** The signed-in customer it belongs to; the seller's name is the form's (the page prefills the account's). */
  customer: { id: string } | null;
  /** What reading the photos may cost (the request's share of its address's image budget). */
  imageBudget: ImageBudget;
}): Promise<SellReply> {
  const photos = await normaliseFormPhotos(form.photos, imageBudget, {
    field: 'photos',
    invalid: SELL_MESSAGES.photoInvalid,
  });
  const now = clock.now();
  const estimatedValue = await estimateTradeIn(db, form);
  return transaction(db, async (tx) => {
    const row = await insertNumbered(tx, tradeIns, clockNumbers(makeTransactionNumber, now), (number) => ({
      transactionNumber: number,
      customerId: customer?.id ?? null,
      customerName: form.customerName,
      customerEmail: form.contactEmail,
      customerPhone: form.contactPhone,
      address: form.address,
      deviceType: form.deviceType,
      brand: form.brand,
      model: form.model,
      condition: form.condition,
      storage: form.storage || null,
      ram: form.ram || null,
      color: form.color || null,
      accessories: form.accessories || null,
      description: form.description || null,
      isOwner: form.isOwner,
      imei: form.imei || null,
      status: 'Awaiting Confirmation',
      estimatedValue,
      createdAt: now,
      updatedAt: now,
    }));
    await appendHistory(tx, { row, statuses: [row.status], actorId: customer?.id ?? null, now });
    for (const [position, photo] of photos.entries()) {
      const { id } = await insertImage(tx, photo);
      await tx.insert(tradeInImages).values({ tradeInId: row.id, position, imageId: id });
    }
    await enqueueEmail(
      tx,
      submissionEmail({ ...row, deviceInfo: listedDevice(row), estimatedValue }, emailContext(config)),
      now,
      ANONYMOUS_MAIL_CAP,
    );
    const admin = await adminNotifyAddress(tx, config);
    if (admin) {
      const subject = { ...row, deviceInfo: deviceInfo(row), estimatedValue };
      await enqueueEmail(tx, adminNewTradeInEmail(subject, admin, emailContext(config)), now);
    }
    afterCommit(tx, everyTradeIn.forget);
    return { transactionNumber: row.transactionNumber, status: row.status as AnySaleStatus, estimatedValue };
  });
}
