/** The table modules/privacy owns: only that module imports this file. */
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { identityKey } from './columns';

/**
 * Every pass of the daily retention purges, whichever instance ran it: an instance whose turn comes reads when the
 * last pass was and skips its own when that was less than a day ago, so a cluster purges once a day, not once per
 * instance. Written in the pass's own transaction, so a pass that failed left no row.
 */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: identityKey(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    /** What each purge removed or cut, by rule (the counts the log line gives). */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    /** The machine that ran it (os.hostname()). */
    host: text('host').notNull(),
  },
  (t) => [index('retention_runs_ran_idx').on(t.ranAt.desc())],
);
