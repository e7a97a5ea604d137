import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { DbHandle, Transaction } from '../../db/client';
import { prepared, type Value } from '../../db/prepared';
import { deviceImages, devices } from '../../db/schema/catalog';
import { AppError, notFound } from '../../lib/errors';
import { catalogChanged } from './cache';
import { DEVICE_NOT_FOUND, imagePath, isUuid } from './device-queries';

/**
 * Stock: the only code that changes a listed device's quantity. An order's units are taken when it
 * is placed (reserveStock), given back when it is cancelled or expires unpaid (releaseStock), and
 * taken again for a payment that arrives after that (retakeStock); a payment changes no stock, the
 * reservation simply becomes the sale. Each writes in its caller's transaction and empties the
 * catalog cache of every instance once that transaction commits (catalogChanged).
 */

const OUT_OF_STOCK = 'OUT_OF_STOCK';

export interface StockLine {
  deviceId: string;
  quantity: number;
}

/** A reserved line, priced from the database, with what an order keeps of the device. */
export interface ReservedLine extends StockLine {
  name: string;
  price: number;
  condition: string;
  storage: string;
  /** The device's default picture when it was bought. */
  image: string | null;
}

/** Same device twice becomes one line; lines sorted by id so every transaction locks rows in one order. */
function mergeLines(lines: StockLine[]): StockLine[] {
  const byId = new Map<string, number>();
  for (const line of lines) byId.set(line.deviceId, (byId.get(line.deviceId) ?? 0) + line.quantity);
  return [...byId.entries()]
    .map(([deviceId, quantity]) => ({ deviceId, quantity }))
    .sort((a, b) => (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : 0));
}

/**
 * The device's default picture (its images in position order, the one at default_image_index, else
 * the first), read in the same statement as the row it belongs to. Names are written out: Drizzle
 * leaves columns of a one-table statement unqualified, which inside a subquery could name its own.
 */
const defaultImage = sql<string | null>`(
  select coalesce(
    (array_agg(i.image_id order by i.position))[${devices}.default_image_index + 1],
    (array_agg(i.image_id order by i.position))[1])
  from ${deviceImages} i where i.device_id = ${devices}.id)`;

/** The conditional update of takeLine, built once: checkout runs it for every line (db/prepared.ts). */
const takeUnits = prepared((db, value: Value<{ id: string; quantity: number }>) =>
  db
    .update(devices)
    .set({
      quantity: sql`${devices.quantity} - ${value('quantity')}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(devices.id, value('id')),
        gte(devices.quantity, value('quantity')),
        eq(devices.inStock, true),
        isNull(devices.deletedAt),
      ),
    )
    .returning({
      id: devices.id,
      name: devices.name,
      price: devices.price,
      condition: devices.condition,
      storage: devices.storage,
      imageId: defaultImage,
    }),
);

/**
 * Takes one line, or fails naming the device. One conditional update locks the row, checks and
 * takes the stock and reads the price and picture: it cannot take quantity below zero.
 */
async function takeLine(tx: DbHandle, line: StockLine) {
  const [row] = isUuid(line.deviceId) ? await takeUnits(tx, { id: line.deviceId, quantity: line.quantity }) : [];
  if (row) return row;
  const [device] = isUuid(line.deviceId)
    ? await tx
        .select({
          name: devices.name,
          quantity: devices.quantity,
          inStock: devices.inStock,
          deletedAt: devices.deletedAt,
        })
        .from(devices)
        .where(eq(devices.id, line.deviceId))
        .limit(1)
    : [];
  if (!device) throw notFound(DEVICE_NOT_FOUND, 'Device not found');
  const left = device.inStock && !device.deletedAt ? device.quantity : 0;
  const message = !device.inStock
    ? `${device.name} is not for sale at the moment`
    : left > 0
      ? `Only ${left} left of ${device.name}`
      : `${device.name} is out of stock`;
  throw new AppError(OUT_OF_STOCK, message, { status: 409, fields: { [line.deviceId]: message } });
}

async function takeLines(tx: DbHandle, lines: StockLine[]) {
  const taken = [];
  for (const line of mergeLines(lines)) taken.push({ row: await takeLine(tx, line), quantity: line.quantity });
  return taken;
}

/**
 * Takes every line's units and prices each from the database (a price the client sent never
 * counts). The first line short of stock throws 409 OUT_OF_STOCK naming the device ('Only 1 left
 * of X', 'X is out of stock'; `fields` keyed by its id), an unknown one 404 DEVICE_NOT_FOUND: in the
 * caller's transaction that undoes every line taken before it. Undo after commit: releaseStock.
 */
export async function reserveStock(tx: DbHandle, lines: StockLine[]): Promise<ReservedLine[]> {
  const taken = await takeLines(tx, lines);
  await catalogChanged(tx);
  return taken.map(({ row, quantity }) => ({
    deviceId: row.id,
    quantity,
    name: row.name,
    price: row.price,
    condition: row.condition,
    storage: row.storage,
    image: row.imageId ? imagePath(row.imageId) : null,
  }));
}

/** Gives reserved units back (an unpaid order cancelled, declined or expired). Undo: retakeStock. */
export async function releaseStock(tx: DbHandle, lines: StockLine[]): Promise<void> {
  for (const line of mergeLines(lines)) {
    await tx
      .update(devices)
      // The admin's In Stock switch is theirs alone: units coming back never put a device on sale.
      .set({ quantity: sql`${devices.quantity} + ${line.quantity}`, updatedAt: sql`now()` })
      .where(eq(devices.id, line.deviceId));
  }
  await catalogChanged(tx);
}

/**
 * Takes released units again (a payment that arrived after cancel or expiry). All or nothing, in a
 * savepoint: false, with nothing changed, when any line is no longer available.
 */
export async function retakeStock(tx: Transaction, lines: StockLine[]): Promise<boolean> {
  try {
    // Inside the caller's transaction() this is a savepoint: a short line undoes only these, the order goes on.
    await tx.transaction((savepoint) => takeLines(savepoint, lines));
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
  await catalogChanged(tx);
  return true;
}
