/** The table lib/app-meta.ts owns: start-up markers (the demo seed done) and stored keys. */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Marks one-off start-up work (the demo seed) as done, so a second start never repeats it. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
