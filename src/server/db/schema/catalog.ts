/** The tables modules/catalog owns: only that module imports this file (table-ownership.test.ts). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEVICE_TYPES } from '../../../shared/catalog';
import { UNIT_SOURCES } from '../../../shared/stock-listing';
import { createdAt, oneOf, partOf, refersTo, updatedAt, uuidKey } from './columns';
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
    imageId: refersTo('image_id', () => images.id).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.position] }), index('device_images_image_idx').on(t.imageId)],
);

/**
 * Every unit the store has had of a device (docs/decisions/090): where it came from and what it cost, when it was
 * sold (to which order) or written off. `devices.quantity` stays the count checkout reserves from; a unit row
 * is chosen for an order when the order is paid (the oldest on the shelf first), so the cost of goods sold of
 * any period is the sum of its sold units' costs, exactly.
 */
export const stockUnits = pgTable(
  'stock_units',
  {
    id: uuidKey(),
    deviceId: refersTo('device_id', () => devices.id).notNull(),
    source: text('source').notNull(),
    /** The trade-in it was bought through (its TXN number): one unit per trade-in, by this index. */
    tradeInNumber: text('trade_in_number'),
    /** What the store paid for it (whole currency units); null when the admin entered no cost. */
    cost: integer('cost'),
    /** The town the device page names, chosen by the admin (never the seller's address). */
    sellerTown: text('seller_town'),
    /** When the store paid for it (the trade-in's payout); null for stock added by hand. */
    boughtAt: timestamp('bought_at', { withTimezone: true }),
    /** When it went on sale. */
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    orderNumber: text('order_number'),
    /** Taken out of stock by the admin (a lower quantity, a deleted device). */
    writtenOffAt: timestamp('written_off_at', { withTimezone: true }),
  },
  (t) => [
    check('stock_units_source_check', oneOf(t.source, UNIT_SOURCES)),
    check('stock_units_cost_check', sql`${t.cost} is null or ${t.cost} >= 0`),
    check(
      'stock_units_trade_in_check',
      sql`(${t.source} = 'trade-in') = (${t.tradeInNumber} is not null and ${t.cost} is not null)`,
    ),
    check('stock_units_sold_check', sql`(${t.soldAt} is null) = (${t.orderNumber} is null)`),
    uniqueIndex('stock_units_trade_in_idx')
      .on(t.tradeInNumber)
      .where(sql`${t.tradeInNumber} is not null`),
    index('stock_units_shelf_idx')
      .on(t.deviceId, t.listedAt)
      .where(sql`${t.soldAt} is null and ${t.writtenOffAt} is null`),
    index('stock_units_order_idx')
      .on(t.orderNumber)
      .where(sql`${t.orderNumber} is not null`),
    index('stock_units_sold_idx')
      .on(t.soldAt)
      .where(sql`${t.soldAt} is not null`),
    index('stock_units_listed_idx').on(t.listedAt),
  ],
);
