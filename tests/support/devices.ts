import type { DeviceType } from '../../src/shared/catalog';
import type { Database } from '../../src/server/db/client';
import { deviceImages, devices, images } from '../../src/server/db/schema';
import { invalidateCatalog } from '../../src/server/modules/catalog/cache';

export interface DeviceFixture {
  brand?: string;
  model?: string;
  type?: DeviceType;
  condition?: string;
  storage?: string;
  ram?: string | null;
  displaySize?: string | null;
  batteryHealth?: number | null;
  price?: number;
  originalPrice?: number | null;
  quantity?: number;
  inStock?: boolean;
  description?: string | null;
  defaultImageIndex?: number;
  createdAt?: Date;
  deletedAt?: Date | null;
  /** How many images to attach (tiny stored WebP-less placeholders; enough for URL tests). */
  imageCount?: number;
}

let sequence = 0;
const START = Date.parse('2026-01-01T00:00:00Z');

/** A 1x1 WebP, the smallest real image, for image rows that tests only link to. */
export const TINY_WEBP = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64');

/**
 * Insert devices (and their image rows) straight into the tables. Each call without createdAt gets
 * a later timestamp than the one before, so the last inserted is the newest.
 */
export async function insertDevices(db: Database, fixtures: DeviceFixture[]) {
  const created = [];
  for (const fixture of fixtures) {
    sequence++;
    const brand = fixture.brand ?? 'Apple';
    const model = fixture.model ?? `Model ${sequence}`;
    const [row] = await db
      .insert(devices)
      .values({
        name: `${brand} ${model}`,
        brand,
        model,
        type: fixture.type ?? 'phone',
        condition: fixture.condition ?? 'Good',
        storage: fixture.storage ?? '128GB',
        ram: fixture.ram ?? null,
        displaySize: fixture.displaySize ?? null,
        batteryHealth: fixture.batteryHealth ?? null,
        price: fixture.price ?? 5000,
        originalPrice: fixture.originalPrice ?? null,
        quantity: fixture.quantity ?? 1,
        inStock: fixture.inStock ?? true,
        description: fixture.description ?? null,
        defaultImageIndex: fixture.defaultImageIndex ?? 0,
        createdAt: fixture.createdAt ?? new Date(START + sequence * 60_000),
        deletedAt: fixture.deletedAt ?? null,
      })
      .returning();
    const imageIds: string[] = [];
    for (let position = 0; position < (fixture.imageCount ?? 1); position++) {
      const [image] = await db
        .insert(images)
        .values({ contentType: 'image/webp', width: 1, height: 1, data: TINY_WEBP })
        .returning({ id: images.id });
      await db.insert(deviceImages).values({ deviceId: row!.id, position, imageId: image!.id });
      imageIds.push(image!.id);
    }
    created.push({ ...row!, imageIds });
  }
  invalidateCatalog(db);
  return created;
}
