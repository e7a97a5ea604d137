import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { BRAND_FILTERS, DEVICE_CONDITIONS, DEVICE_TYPES } from '../../shared/catalog';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-app';
import { deviceImages, devices, images, stockUnits } from '../db/schema';
import { seedDemoCatalog } from './catalog';

let database: TestDatabase;
let seeded: number;
beforeAll(async () => {
  database = await createTestDatabase();
  seeded = await database.db.transaction((tx) => seedDemoCatalog(tx));
});
afterAll(() => database.drop());

describe('seedDemoCatalog', () => {
  it('writes at least 60 devices over all nine types', async () => {
    expect(seeded).toBeGreaterThanOrEqual(60);
    const rows = await database.db.select().from(devices);
    expect(rows).toHaveLength(seeded);
    expect(new Set(rows.map((d) => d.type))).toEqual(new Set(DEVICE_TYPES));
  });

  it('gives every unit on the shelf its row of stock, bought by hand at a cost below its price', async () => {
    const rows = await database.db.select().from(devices);
    const units = await database.db.select().from(stockUnits);
    expect(units).toHaveLength(rows.reduce((sum, d) => sum + d.quantity, 0));
    const priceOf = new Map(rows.map((d) => [d.id, d.price]));
    for (const unit of units) {
      expect(unit).toMatchObject({ source: 'by-hand', soldAt: null, orderNumber: null, writtenOffAt: null });
      expect(unit.cost).toBeGreaterThan(0);
      expect(unit.cost).toBeLessThan(priceOf.get(unit.deviceId)!);
    }
  });

  it('names each device brand plus model, with the spec conditions', async () => {
    const rows = await database.db.select().from(devices);
    for (const d of rows) {
      expect(d.name).toBe(`${d.brand} ${d.model}`);
      expect(DEVICE_CONDITIONS).toContain(d.condition);
      expect(d.description).toBeTruthy();
    }
  });

  it('gives each device 1 to 5 images that are real WebP pictures', async () => {
    const perDevice = await database.db
      .select({ deviceId: deviceImages.deviceId, n: count() })
      .from(deviceImages)
      .groupBy(deviceImages.deviceId);
    expect(perDevice).toHaveLength(seeded);
    for (const { n } of perDevice) {
      expect(Number(n)).toBeGreaterThanOrEqual(1);
      expect(Number(n)).toBeLessThanOrEqual(5);
    }
    const [image] = await database.db.select().from(images).limit(1);
    const meta = await sharp(image!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 600]);
  });

  it('covers the buy filter brands, the three price bands, sales and sold-out devices', async () => {
    const rows = await database.db.select().from(devices);
    const brands = new Set(rows.map((d) => d.brand.toLowerCase()));
    for (const { value } of BRAND_FILTERS.filter((b) => b.value !== 'all')) expect(brands).toContain(value);
    expect(rows.some((d) => d.price < 10_000)).toBe(true);
    expect(rows.some((d) => d.price >= 10_000 && d.price < 20_000)).toBe(true);
    expect(rows.some((d) => d.price >= 20_000)).toBe(true);
    expect(rows.some((d) => d.originalPrice !== null && d.originalPrice > d.price)).toBe(true);
    // Every demo device is on sale (the admin's switch, decision 048); some are sold out (no units left).
    expect(rows.every((d) => d.inStock)).toBe(true);
    expect(rows.some((d) => d.quantity === 0)).toBe(true);
    expect(rows.every((d) => d.quantity >= 0 && d.quantity <= 10)).toBe(true);
  });

  it('has the header menu lines (a Chromebook on sale, an EliteBook, a VersaPro) and distinct added times', async () => {
    const rows = await database.db.select().from(devices);
    expect(rows.some((d) => /chromebook/i.test(d.name) && (d.originalPrice ?? 0) > d.price)).toBe(true);
    expect(rows.some((d) => /elitebook/i.test(d.name))).toBe(true);
    expect(rows.some((d) => /versapro/i.test(d.name))).toBe(true);
    expect(new Set(rows.map((d) => d.createdAt.getTime())).size).toBe(rows.length);
    const [laptops] = await database.db.select({ n: count() }).from(devices).where(eq(devices.type, 'laptop'));
    expect(Number(laptops!.n)).toBeGreaterThan(5);
    const [withBattery] = await database.db
      .select({ n: count() })
      .from(devices)
      .where(sql`${devices.batteryHealth} is not null`);
    expect(Number(withBattery!.n)).toBeGreaterThan(0);
  });
});
