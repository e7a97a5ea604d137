/** The table modules/backups owns: only that module imports this file. */
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { BACKUP_RUN_STATUSES, BACKUP_TRIGGERS } from '../../../shared/backups';
import { identityKey, oneOf } from './columns';

/**
 * Every backup the store took or tried, whichever instance took it: the schedule reads when the last good one
 * was, the Overview and /metrics show it. A run is written when it ends, so a backup never holds its own row.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: identityKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    trigger: text('trigger').notNull(),
    /** The set's name (its files are `<name>.backup.gz`, `.pgdump`, `.sha256` in BACKUP_DIR). */
    name: text('name'),
    /** The set's files together. */
    bytes: bigint('bytes', { mode: 'number' }),
    durationMs: integer('duration_ms').notNull(),
    tables: integer('tables'),
    rows: bigint('rows', { mode: 'number' }),
    /** Why it failed, in the words of the error (no values from the database). */
    error: text('error'),
    /** The machine that took it (os.hostname()): where its files are when BACKUP_DIR is not shared. */
    host: text('host').notNull(),
  },
  (t) => [
    check('backup_runs_status_check', oneOf(t.status, BACKUP_RUN_STATUSES)),
    check('backup_runs_trigger_check', oneOf(t.trigger, BACKUP_TRIGGERS)),
    index('backup_runs_started_idx').on(t.startedAt.desc()),
    index('backup_runs_succeeded_idx').on(t.status, t.startedAt.desc()),
  ],
);
