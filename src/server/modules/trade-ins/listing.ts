import { asc, eq } from 'drizzle-orm';
import {
  GRADE_OF_SELL_CONDITION,
  LISTING_MESSAGES,
  priceWithMargin,
  townOf,
  type ListingDraft,
  type ListTradeInInput,
  type ListTradeInReply,
} from '../../../shared/stock-listing';
import { moveRefusal } from '../../../shared/trade-in-statuses';
import { tradeInPhotoPath } from '../../../shared/trade-in-detail';
import type { SellDeviceType } from '../../../shared/sell-devices';
import { ERROR_CODES } from '../../../shared/errors';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { tradeInImages, tradeInPayouts } from '../../db/schema/trade-ins';
import { AppError, invalidField } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import type { SignedInActor } from '../audit';
import { listBoughtDevice, listedPriceOf } from '../catalog';
import { imageFiles, insertImage, normaliseImage, type ImageBudget } from '../images';
import { findForStaff, moveTradeIn } from './move-steps';
import type { TradeInRow } from './trade-in-records';

/*
 * "List for sale": a paid trade-in becomes stock (docs/decisions/090). The admin opens the device form prefilled
 * from the trade-in (listingDraft), and saving it (listTradeIn) moves the trade-in to Listed and lists one unit
 * in one transaction, whose cost is what the seller was paid. The move's conditional UPDATE makes it happen
 * once: a second or concurrent try is 409, and the unit's unique trade-in number backs that up.
 */

interface ListingCall {
  db: Database;
  number: string;
  actor: SignedInActor;
}

/** The seller's photos (position and stored image), in order. */
const photosOf = (db: DbHandle, row: TradeInRow) =>
  db
    .select({ position: tradeInImages.position, imageId: tradeInImages.imageId })
    .from(tradeInImages)
    .where(eq(tradeInImages.tradeInId, row.id))
    .orderBy(asc(tradeInImages.position));

/** A trade-in that is not Paid cannot be listed: 409 saying what it is and what listing needs. */
function assertPaid(row: TradeInRow) {
  if (row.status !== 'Paid') throw new AppError(ERROR_CODES.conflict, moveRefusal('list', row.status), { status: 409 });
}

/** When the seller was paid: the unit's bought date (the payout's record; the trade-in's last change without one). */
async function paidAt(db: DbHandle, row: TradeInRow): Promise<Date> {
  const [payout] = await db
    .select({ paidAt: tradeInPayouts.paidAt })
    .from(tradeInPayouts)
    .where(eq(tradeInPayouts.tradeInId, row.id));
  return payout?.paidAt ?? row.updatedAt;
}

/**
 * GET /api/admin/trade-ins/:number/listing: the device form of a paid trade-in, prefilled from it (its type,
 * brand, model, storage, RAM, the seller's condition as the store's grade, its colour and the agent's notes as the
 * description), its photos to choose from, and a suggested price: the median of
 * the same model and grade listed now, else the payout plus LISTING_MARGIN_PERCENT. 409 unless it is Paid.
 */
export async function listingDraft({ db, number, actor }: ListingCall): Promise<ListingDraft> {
  const row = await findForStaff(db, number, actor);
  assertPaid(row);
  const paidAmount = row.offeredAmount ?? 0;
  const grade = GRADE_OF_SELL_CONDITION[row.condition] ?? 'Fair';
  const storage = row.storage && row.storage !== 'N/A' ? row.storage : '';
  const device = {
    type: row.deviceType as SellDeviceType,
    brand: row.brand,
    model: row.model,
    condition: grade,
    storage,
  };
  const listed = await listedPriceOf(db, device);
  const suggestedPrice = listed ?? priceWithMargin(paidAmount);
  return {
    transactionNumber: row.transactionNumber,
    paidAmount,
    form: {
      ...device,
      ram: row.ram,
      price: suggestedPrice,
      originalPrice: null,
      description: [row.color && `Colour: ${row.color}.`, row.assessmentNotes].filter(Boolean).join('\n\n') || null,
      displaySize: null,
      batteryHealth: null,
      sellerTown: townOf(row.address),
      imageIds: [],
      photoPositions: [],
      defaultImageIndex: 0,
    },
    suggestedPrice,
    priceSource: listed === null ? 'margin' : 'catalog',
    photos: (await photosOf(db, row)).map(({ position }) => ({
      position,
      url: tradeInPhotoPath('admin', row.transactionNumber, position),
    })),
  };
}

/**
 * The chosen seller's photos as storefront copies: each original decoded again in a child process under the
 * request's CPU budget (the images module) and re-encoded as WebP without any of its metadata (no EXIF, so no
 * location). Run before the transaction, so no row is held while decoding; a photo the trade-in does not have
 * is 400 under photoPositions. The originals stay the trade-in's and private.
 */
async function storefrontCopies(db: Database, row: TradeInRow, positions: number[], budget: ImageBudget) {
  if (positions.length === 0) return [];
  const photos = (await photosOf(db, row)).filter((photo) => positions.includes(photo.position));
  if (photos.length !== new Set(positions).size) throw invalidField('photoPositions', 'Choose photos of this trade-in');
  const files = new Map(
    (
      await imageFiles(
        db,
        photos.map((p) => p.imageId),
      )
    ).map((file) => [file.id, file.data]),
  );
  const copies = [];
  for (const position of positions) {
    const photo = photos.find((p) => p.position === position)!;
    copies.push(await normaliseImage({ data: files.get(photo.imageId)!, budget }));
  }
  return copies;
}

/**
 * POST /api/admin/trade-ins/:number/list: Paid -> Listed and one unit on sale, in one transaction: the move
 * (409 when it is no longer Paid: listed already, or by a request at the same moment), the storefront copies
 * of the chosen photos stored, the unit listed (a new listing, or one more unit of an identical one) with the
 * trade-in's number, the payout as its cost, the payout's date and the town the admin let the page name.
 */
export async function listTradeIn({
  db,
  clock,
  number,
  actor,
  input,
  imageBudget,
}: ListingCall & { clock: Clock; input: ListTradeInInput; imageBudget: ImageBudget }): Promise<ListTradeInReply> {
  const first = await findForStaff(db, number, actor);
  assertPaid(first);
  const copies = await storefrontCopies(db, first, input.photoPositions, imageBudget);
  const now = clock.now();
  return transaction(db, async (tx) => {
    const row = await findForStaff(tx, number, actor);
    const details = { price: input.price, photoPositions: input.photoPositions };
    const listed = await moveTradeIn(tx, { row, move: 'list', actor, now, details });
    const copyIds = [];
    for (const copy of copies) copyIds.push((await insertImage(tx, copy)).id);
    const { sellerTown, photoPositions: _copied, ...device } = input;
    const { deviceId, addedToExisting } = await listBoughtDevice(tx, {
      device: { ...device, imageIds: [...copyIds, ...device.imageIds] },
      origin: {
        source: 'trade-in',
        tradeInNumber: listed.transactionNumber,
        cost: listed.offeredAmount ?? 0,
        sellerTown,
        boughtAt: await paidAt(tx, listed),
      },
      actor,
      now,
    });
    const message = addedToExisting ? LISTING_MESSAGES.addedUnit : LISTING_MESSAGES.listed;
    return { message, deviceId, addedToExisting };
  });
}
