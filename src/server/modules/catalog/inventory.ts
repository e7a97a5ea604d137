import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PagedReply } from '../../../shared/paging';
import type { Device } from '../../../shared/catalog';
import { DEFAULT_IMAGE_MESSAGE, type DeviceInput, type DeviceUpdate } from '../../../shared/inventory';
import { transaction, type Database, type DbHandle, type Transaction } from '../../db/client';
import { deviceImages, devices } from '../../db/schema/catalog';
import type { Clock } from '../../lib/clock';
import { invalidField, notFound } from '../../lib/errors';
import { containedInAny } from '../../lib/like';
import { newestPage, type AdminListInput } from '../../lib/paging';
import { recordAudit, type Actor } from '../audit';
import { missingImages } from '../images';
import { catalogChanged, listedDevices } from './cache';
import { DEVICE_NOT_FOUND, isUuid, toDevices } from './device-queries';
import { searchCondition, searchFor } from './search';
import { addUnits, writeOffDevice, writeOffUnits, type UnitOrigin } from './stock-units';

/**
 * The admin's inventory: adding and editing devices (spec 001 'Devices'). Each change is written
 * with its audit entry in one transaction and empties the catalog cache of every instance once
 * committed (catalogChanged), so the storefront shows it at once.
 */

/** What every change to the inventory takes: the database, the time, and the staff member making it (for the audit). */
interface StaffCall {
  db: Database;
  clock: Clock;
  actor: Actor;
}

/** Links the images in order, after checking every one exists (400 naming imageIds otherwise). */
async function linkImages(tx: Transaction, deviceId: string, imageIds: string[]) {
  if ((await missingImages(tx, imageIds)).length > 0) throw invalidField('imageIds', 'Unknown image');
  await tx.delete(deviceImages).where(eq(deviceImages.deviceId, deviceId));
  if (imageIds.length === 0) return;
  await tx.insert(deviceImages).values(imageIds.map((imageId, position) => ({ deviceId, position, imageId })));
}

async function deviceView(tx: Transaction, id: string): Promise<Device> {
  const rows = await tx.select().from(devices).where(eq(devices.id, id)).limit(1);
  const [device] = await toDevices(tx, rows);
  return device!;
}

/** Writes a new device row with its images, named from its brand and model. */
async function insertDevice(
  tx: Transaction,
  fields: Omit<DeviceInput, 'imageIds' | 'unitCost'>,
  imageIds: string[],
  now: Date,
): Promise<string> {
  const [row] = await tx
    .insert(devices)
    .values({ ...fields, name: `${fields.brand} ${fields.model}`, createdAt: now, updatedAt: now })
    .returning({ id: devices.id });
  await linkImages(tx, row!.id, imageIds);
  return row!.id;
}

/** POST /api/admin/devices: a new listed device, named from its brand and model, its units added by hand. */
export async function createDevice({ db, clock, actor, input }: StaffCall & { input: DeviceInput }): Promise<Device> {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const { imageIds, unitCost, ...fields } = input;
    const id = await insertDevice(tx, fields, imageIds, now);
    await addUnits(tx, id, fields.quantity, { source: 'by-hand', cost: unitCost }, now);
    const device = await deviceView(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'device.create',
      entity: { type: 'device', id: device.id },
      after: device,
      details: { unitCost },
      at: now,
    });
    await catalogChanged(tx);
    return device;
  });
}

/** What a bought device is listed as: the device form's fields but the quantity (one unit), and its images. */
export type BoughtDevice = Omit<DeviceInput, 'quantity' | 'inStock' | 'unitCost'>;

type ModelAndGrade = Pick<BoughtDevice, 'type' | 'brand' | 'model' | 'condition' | 'storage'>;

/** Listed devices (not deleted) of the same type, brand, model, grade and storage, the words' case aside. */
const sameModelAndGrade = (device: ModelAndGrade) =>
  and(
    isNull(devices.deletedAt),
    eq(devices.type, device.type),
    sql`lower(${devices.brand}) = lower(${device.brand})`,
    sql`lower(${devices.model}) = lower(${device.model})`,
    eq(devices.condition, device.condition),
    sql`lower(${devices.storage}) = lower(${device.storage})`,
  );

/**
 * A bought device put on sale, in the caller's transaction (trade-ins' listing): one unit of it added to an
 * identical listing (same type, brand, model, grade, storage, RAM and price, not deleted: the oldest such),
 * or a new listing of one. The unit keeps its origin and cost; audited as `device.list_bought`.
 */
export async function listBoughtDevice(
  tx: Transaction,
  { device, origin, actor, now }: { device: BoughtDevice; origin: UnitOrigin; actor: Actor; now: Date },
): Promise<{ deviceId: string; addedToExisting: boolean }> {
  const { imageIds, ...fields } = device;
  const [same] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        sameModelAndGrade(fields),
        sql`lower(coalesce(${devices.ram}, '')) = lower(${fields.ram ?? ''})`,
        eq(devices.price, fields.price),
      ),
    )
    .orderBy(devices.createdAt)
    .limit(1)
    .for('update');
  const deviceId = same ? same.id : await insertDevice(tx, { ...fields, quantity: 0, inStock: true }, imageIds, now);
  const before = same ? await deviceView(tx, deviceId) : undefined;
  await tx
    .update(devices)
    .set({ quantity: sql`${devices.quantity} + 1`, updatedAt: now })
    .where(eq(devices.id, deviceId));
  await addUnits(tx, deviceId, 1, origin, now);
  const after = await deviceView(tx, deviceId);
  await recordAudit(tx, {
    actor,
    action: 'device.list_bought',
    entity: { type: 'device', id: deviceId },
    before,
    after,
    details: { tradeInNumber: origin.tradeInNumber, cost: origin.cost, addedToExisting: Boolean(same) },
    at: now,
  });
  await catalogChanged(tx);
  return { deviceId, addedToExisting: Boolean(same) };
}

/**
 * PATCH /api/admin/devices/:id: changes only the fields sent; the name follows brand and model.
 * `inStock` is the admin's In Stock / Out of Stock switch alone: the quantity never flips it, and
 * switching it keeps the quantity (decision 048). 404 for a missing or deleted device.
 */
export async function updateDevice({
  db,
  clock,
  actor,
  id,
  changes,
}: StaffCall & { id: string; changes: DeviceUpdate }): Promise<Device> {
  if (!isUuid(id)) throw notFound(DEVICE_NOT_FOUND, 'Device not found');
  const now = clock.now();
  return transaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(devices)
      .where(and(eq(devices.id, id), isNull(devices.deletedAt)))
      .for('update')
      .limit(1);
    if (!current) throw notFound(DEVICE_NOT_FOUND, 'Device not found');
    const before = await deviceView(tx, id);
    const { imageIds, unitCost = null, ...fields } = changes;
    const imageCount = imageIds?.length ?? before.images.length;
    const defaultImageIndex = fields.defaultImageIndex ?? current.defaultImageIndex;
    if (defaultImageIndex >= Math.max(1, imageCount)) throw invalidField('defaultImageIndex', DEFAULT_IMAGE_MESSAGE);
    const brand = fields.brand ?? current.brand;
    const model = fields.model ?? current.model;
    await tx
      .update(devices)
      .set({
        ...fields,
        name: `${brand} ${model}`,
        updatedAt: now,
      })
      .where(eq(devices.id, id));
    if (imageIds) await linkImages(tx, id, imageIds);
    // The units follow the quantity the admin set: more are added by hand (at the cost entered), fewer written off.
    const added = (fields.quantity ?? current.quantity) - current.quantity;
    await addUnits(tx, id, added, { source: 'by-hand', cost: unitCost }, now);
    await writeOffUnits(tx, id, -added, now);
    const after = await deviceView(tx, id);
    const details = added > 0 ? { unitCost } : undefined;
    await recordAudit(tx, {
      actor,
      action: 'device.update',
      entity: { type: 'device', id },
      before,
      after,
      details,
      at: now,
    });
    await catalogChanged(tx);
    return after;
  });
}

/**
 * GET /api/admin/devices: the inventory, newest first, paged; ?q= is the shopper's search (search.ts: every
 * word, typos forgiven) or a substring of name, brand or model,
 * ?status=in_stock|out_of_stock by the admin's switch. Deleted devices are not listed.
 */
export async function listInventory({ db, query }: AdminListInput): Promise<PagedReply<Device>> {
  const filters: SQL[] = [];
  if (query.q) {
    const search = searchCondition(await searchFor(db, query.q));
    filters.push(or(search, containedInAny(query.q, [devices.model]))!);
  }
  if (query.status === 'in_stock') filters.push(eq(devices.inStock, true));
  else if (query.status === 'out_of_stock') filters.push(eq(devices.inStock, false));
  else if (query.status) throw invalidField('status', 'Unknown stock filter');
  const narrowing = and(...filters);
  const page = await newestPage(db, devices, and(isNull(devices.deletedAt), narrowing), query, {
    total: listedDevices.count(db, narrowing),
  });
  return { ...page, items: await toDevices(db, page.items) };
}

/**
 * DELETE /api/admin/devices/:id: a soft delete (deleted_at), so orders naming the device stay
 * readable; it leaves the storefront at once. 404 for a missing or already deleted device.
 */
export async function deleteDevice({ db, clock, actor, id }: StaffCall & { id: string }) {
  if (!isUuid(id)) throw notFound(DEVICE_NOT_FOUND, 'Device not found');
  const now = clock.now();
  return transaction(db, async (tx) => {
    const [row] = await tx
      .update(devices)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(devices.id, id), isNull(devices.deletedAt)))
      .returning();
    if (!row) throw notFound(DEVICE_NOT_FOUND, 'Device not found');
    await writeOffDevice(tx, id, now);
    const [before] = await toDevices(tx, [row]);
    await recordAudit(tx, { actor, action: 'device.delete', entity: { type: 'device', id }, before, at: now });
    await catalogChanged(tx);
  });
}

/**
 * The median price of the devices of this model and grade listed now (same type, brand, model, grade and storage,
 * not deleted), or null when there are none: what a bought device of the same kind is suggested to sell at.
 */
export async function listedPriceOf(db: DbHandle, device: ModelAndGrade): Promise<number | null> {
  const [row] = await db
    .select({ median: sql<string | null>`percentile_cont(0.5) within group (order by ${devices.price})` })
    .from(devices)
    .where(sameModelAndGrade(device));
  return row?.median == null ? null : Math.round(Number(row.median));
}
