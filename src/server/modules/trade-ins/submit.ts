import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { SellDeviceType } from '../../../shared/sell-devices';
import { SELL_MESSAGES, type SellForm, type SellReply } from '../../../shared/sell-form';
import type { AnySaleStatus } from '../../../shared/trade-in-statuses';
import { afterCommit, transaction, type DbHandle } from '../../db/client';
import { tradeInImages, tradeInQuotes, tradeIns } from '../../db/schema/trade-ins';
import { AppError, invalidField } from '../../lib/errors';
import { transactionNumber as makeTransactionNumber, clockNumbers, insertNumbered } from '../../lib/reference-numbers';
import { adminNotifyAddress } from '../accounts';
import { IMAGE_REFUSALS, type ImageBudget, insertImage, INVALID_IMAGE, normaliseImage } from '../images';
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

/** The form's photos (data URLs) as the images module keeps them, or the form's own refusal. */
async function normalisePhotos(photos: string[], budget: ImageBudget) {
  try {
    return await Promise.all(
      photos.map((photo) =>
        normaliseImage({ data: Buffer.from(photo.slice(photo.indexOf(',') + 1), 'base64'), budget }),
      ),
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500 || error.status === 429) throw error;
    // Bytes of another type (an SVG labelled image/png) are a 415, as on every upload route.
    if (error.status === 415) {
      const fields = { photos: SELL_MESSAGES.photoInvalid };
      throw new AppError(INVALID_IMAGE, SELL_MESSAGES.photoInvalid, { status: 415, fields });
    }
    // A photo too large or too slow to read says so; one empty or not decoding gets the form's words.
    const mine = error.message === IMAGE_REFUSALS.empty || error.message === IMAGE_REFUSALS.notAnImage;
    throw invalidField('photos', mine ? SELL_MESSAGES.photoInvalid : error.message);
  }
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
  customer: { id: string; name: string } | null;
  /** What reading the photos may cost (the request's share of its address's image budget). */
  imageBudget: ImageBudget;
}): Promise<SellReply> {
  const photos = await normalisePhotos(form.photos, imageBudget);
  const now = clock.now();
  const estimatedValue = await estimateTradeIn(db, form);
  return transaction(db, async (tx) => {
    const row = await insertNumbered(tx, tradeIns, clockNumbers(makeTransactionNumber, now), (number) => ({
      transactionNumber: number,
      customerId: customer?.id ?? null,
      customerName: customer?.name ?? '',
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
