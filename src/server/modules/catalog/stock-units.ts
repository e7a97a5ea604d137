import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { provenanceWords, type UnitSource } from '../../../shared/stock-listing';
import type { DbHandle } from '../../db/client';
import { stockUnits } from '../../db/schema/catalog';
import type { StockLine } from './stock';

/*
 * The units of stock (docs/decisions/090): one row per unit the store has had of a device, saying where it came
 * from and what it cost. `devices.quantity` stays the count checkout reserves from (stock.ts); the rows follow
 * it: added with the units, marked sold to an order when the order is paid (the oldest on the shelf first),
 * put back when a paid order's units come back, written off when the admin takes units away. Each runs in its
 * caller's transaction.
 */

/** A unit's origin as the listing or the device form gives it. */
export interface UnitOrigin {
  source: UnitSource;
  /** Each unit's cost (a trade-in's payout, or what the admin entered); null when not known. */
  cost: number | null;
  tradeInNumber?: string | null;
  sellerTown?: string | null;
  boughtAt?: Date | null;
}

/** Units on the shelf: neither sold nor written off (some may be held by an unpaid order). */
const onShelf = and(isNull(stockUnits.soldAt), isNull(stockUnits.writtenOffAt));

/** Adds `count` units of one origin to a device. */
export async function addUnits(tx: DbHandle, deviceId: string, count: number, origin: UnitOrigin, now: Date) {
  if (count <= 0) return;
  const row = {
    deviceId,
    source: origin.source,
    cost: origin.cost,
    tradeInNumber: origin.tradeInNumber ?? null,
    sellerTown: origin.sellerTown ?? null,
    boughtAt: origin.boughtAt ?? null,
    listedAt: now,
  };
  await tx.insert(stockUnits).values(Array.from({ length: count }, () => row));
}

/**
 * Marks a paid order's units sold, the oldest on the shelf first (rows another payment is marking at this
 * moment are skipped, not waited for). A unit with no row (stock listed before units were recorded, or
 * taken by a concurrent write-off) is recorded as sold, added by hand at no known cost, so every unit sold
 * has its row.
 */
export async function sellUnits(tx: DbHandle, orderNumber: string, lines: StockLine[], now: Date) {
  for (const line of lines) {
    const oldest = tx
      .select({ id: stockUnits.id })
      .from(stockUnits)
      .where(and(eq(stockUnits.deviceId, line.deviceId), onShelf))
      .orderBy(asc(stockUnits.listedAt), asc(stockUnits.id))
      .limit(line.quantity)
      .for('update', { skipLocked: true });
    const sold = await tx
      .update(stockUnits)
      .set({ soldAt: now, orderNumber })
      .where(inArray(stockUnits.id, oldest))
      .returning({ id: stockUnits.id });
    const missing = line.quantity - sold.length;
    if (missing > 0) {
      const unrecorded = { deviceId: line.deviceId, source: 'by-hand', listedAt: now, soldAt: now, orderNumber };
      await tx.insert(stockUnits).values(Array.from({ length: missing }, () => unrecorded));
    }
  }
}

/**
 * Puts a paid order's sold units back on the shelf (a paid order cancelled, a returned unit restocked): of
 * each line's device, that many units; without lines, every unit of the order.
 */
export async function returnSoldUnits(tx: DbHandle, orderNumber: string, lines?: StockLine[]) {
  const back = { soldAt: null, orderNumber: null };
  if (!lines) {
    await tx.update(stockUnits).set(back).where(eq(stockUnits.orderNumber, orderNumber));
    return;
  }
  for (const line of lines) {
    const sold = tx
      .select({ id: stockUnits.id })
      .from(stockUnits)
      .where(and(eq(stockUnits.orderNumber, orderNumber), eq(stockUnits.deviceId, line.deviceId)))
      .limit(line.quantity);
    await tx.update(stockUnits).set(back).where(inArray(stockUnits.id, sold));
  }
}

/** Writes off `count` units of a device, the newest on the shelf first (the admin lowered the quantity). */
export async function writeOffUnits(tx: DbHandle, deviceId: string, count: number, now: Date) {
  if (count <= 0) return;
  const newest = tx
    .select({ id: stockUnits.id })
    .from(stockUnits)
    .where(and(eq(stockUnits.deviceId, deviceId), onShelf))
    .orderBy(desc(stockUnits.listedAt), desc(stockUnits.id))
    .limit(count);
  await tx.update(stockUnits).set({ writtenOffAt: now }).where(inArray(stockUnits.id, newest));
}

/** Every unit left on a deleted device's shelf, written off. */
export async function writeOffDevice(tx: DbHandle, deviceId: string, now: Date) {
  await tx
    .update(stockUnits)
    .set({ writtenOffAt: now })
    .where(and(eq(stockUnits.deviceId, deviceId), onShelf));
}

/**
 * The device page's words for where the next unit sold comes from (the oldest on the shelf), or null for a
 * device with none on record. Never the seller, the trade-in or the price.
 */
export async function provenanceOf(db: DbHandle, deviceId: string): Promise<string | null> {
  const [unit] = await db
    .select({ source: stockUnits.source, sellerTown: stockUnits.sellerTown })
    .from(stockUnits)
    .where(and(eq(stockUnits.deviceId, deviceId), onShelf))
    .orderBy(asc(stockUnits.listedAt), asc(stockUnits.id))
    .limit(1);
  return unit ? provenanceWords(unit.source as UnitSource, unit.sellerTown) : null;
}
