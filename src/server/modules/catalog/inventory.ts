import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { PagedReply } from '../../../shared/paging';
import type { Device } from '../../../shared/catalog';
import { DEFAULT_IMAGE_MESSAGE, type DeviceInput, type DeviceUpdate } from '../../../shared/inventory';
import { transaction, type Database, type Transaction } from '../../db/client';
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

/** POST /api/admin/devices: a new listed device, named from its brand and model. */
export async function createDevice({ db, clock, actor, input }: StaffCall & { input: DeviceInput }): Promise<Device> {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const { imageIds, ...fields } = input;
    const [row] = await tx
      .insert(devices)
      .values({
        ...fields,
        name: `${input.brand} ${input.model}`,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: devices.id });
    await linkImages(tx, row!.id, imageIds);
    const device = await deviceView(tx, row!.id);
    await recordAudit(tx, {
      actor,
      action: 'device.create',
      entity: { type: 'device', id: device.id },
      after: device,
      at: now,
    });
    await catalogChanged(tx);
    return device;
  });
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
    const { imageIds, ...fields } = changes;
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
    const after = await deviceView(tx, id);
    await recordAudit(tx, { actor, action: 'device.update', entity: { type: 'device', id }, before, after, at: now });
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
    const [before] = await toDevices(tx, [row]);
    await recordAudit(tx, { actor, action: 'device.delete', entity: { type: 'device', id }, before, at: now });
    await catalogChanged(tx);
  });
}
