/** The tables modules/catalog owns: only that module imports this file (table-ownership.test.ts). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEVICE_TYPES } from '../../../shared/catalog';
import { createdAt, oneOf, partOf, updatedAt, uuidKey } from './columns';
import { images } from './images';

export const devices = pgTable(
  'devices',
  {
    id: uuidKey(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    type: text('type').notNull(),
    model: text('model').notNull(),
    condition: text('condition').notNull(),
    storage: text('storage').notNull().default(''),
    ram: text('ram'),
    displaySize: text('display_size'),
    batteryHealth: integer('battery_health'),
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    quantity: integer('quantity').notNull().default(1),
    inStock: boolean('in_stock').notNull().default(true),
    description: text('description'),
    defaultImageIndex: integer('default_image_index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('devices_type_check', oneOf(t.type, DEVICE_TYPES)),
    check('devices_price_check', sql`${t.price} >= 0`),
    check('devices_original_price_check', sql`${t.originalPrice} is null or ${t.originalPrice} >= 0`),
    check('devices_quantity_check', sql`${t.quantity} >= 0`),
    check('devices_battery_health_check', sql`${t.batteryHealth} is null or ${t.batteryHealth} between 0 and 100`),
    check('devices_default_image_index_check', sql`${t.defaultImageIndex} >= 0`),
    index('devices_listed_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('devices_type_price_idx')
      .on(t.type, t.price)
      .where(sql`${t.deletedAt} is null`),
    index('devices_brand_idx')
      .on(sql`lower(${t.brand})`, t.createdAt.desc())
      .where(sql`${t.deletedAt} is null`),
    index('devices_price_idx')
      .on(t.price)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Every word the search has seen in a device (docs/decisions/071): the vocabulary a typo is matched
 * against. Filled by a trigger on devices (migration 0009), so every writer keeps it in step; a word
 * whose devices are gone stays, and matches nothing.
 */
export const searchTerms = pgTable('search_terms', {
  term: text('term').primaryKey(),
});

export const deviceImages = pgTable(
  'device_images',
  {
    deviceId: partOf('device_id', () => devices.id),
    position: integer('position').notNull(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.position] }), index('device_images_image_idx').on(t.imageId)],
);
