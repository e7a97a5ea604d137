import { hostname } from 'node:os';
import { desc, eq } from 'drizzle-orm';
import type { BackupRunStatus, BackupStatus, BackupTrigger } from '../../../shared/backups';
import type { DbHandle } from '../../db/client';
import { backupRuns } from '../../db/schema/backups';
import { newestAt } from '../../lib/newest-at';

/** One backup run as it ended. */
export interface BackupRun {
  startedAt: Date;
  finishedAt: Date;
  status: BackupRunStatus;
  trigger: BackupTrigger;
  name: string | null;
  bytes: number | null;
  durationMs: number;
  tables: number | null;
  rows: number | null;
  error: string | null;
}

/** Writes the run once it has ended (a backup never holds its own row). */
export async function recordBackupRun(db: DbHandle, run: BackupRun): Promise<void> {
  await db.insert(backupRuns).values({ ...run, host: hostname() });
}

/** When the newest successful backup started, whichever instance took it; null before the first. */
export const lastGoodBackupAt = (db: DbHandle) =>
  newestAt(db, backupRuns, backupRuns.startedAt, eq(backupRuns.status, 'succeeded'));

/** When the newest run of any end started (the schedule waits a while after a failure before it tries again). */
export const lastBackupAttemptAt = (db: DbHandle) => newestAt(db, backupRuns, backupRuns.startedAt);

/** The newest run and the newest good one, for the admin's overview and /metrics. */
export async function backupStatus(db: DbHandle, everyHours: number | null): Promise<BackupStatus> {
  const [[last], [good]] = await Promise.all([
    db
      .select({ at: backupRuns.startedAt, status: backupRuns.status, error: backupRuns.error })
      .from(backupRuns)
      .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
      .limit(1),
    db
      .select({ at: backupRuns.startedAt, bytes: backupRuns.bytes, durationMs: backupRuns.durationMs })
      .from(backupRuns)
      .where(eq(backupRuns.status, 'succeeded'))
      .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
      .limit(1),
  ]);
  return {
    everyHours,
    last: last ? { at: last.at.toISOString(), status: last.status as BackupRunStatus, error: last.error } : null,
    lastSuccess: good ? { at: good.at.toISOString(), bytes: good.bytes ?? 0, durationMs: good.durationMs } : null,
  };
}
