/** The table lib/rate-limit-store.ts owns: every instance's rate-limit counters on PostgreSQL (docs/decisions/059). */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per limit and client (or reference) with a window open: the requests counted in it and when
 * it ends. UNLOGGED (the migration says so; drizzle-kit cannot): counters need no crash safety, so
 * their writes skip the WAL, and a crash empties them, which only gives every client a fresh window.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});
