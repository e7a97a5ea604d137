/** The tables modules/images owns: only that module imports this file (table-ownership.test.ts). */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, partOf, uuidKey } from './columns';

export const images = pgTable('images', {
  id: uuidKey(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/** Resized WebP variants, made on first request and kept so every instance serves them. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: partOf('image_id', () => images.id),
    width: integer('width').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width] })],
);
