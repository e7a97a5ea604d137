import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { repeatEvery } from '../../lib/repeat';
import { lastBackupAttemptAt, lastGoodBackupAt } from './backup-runs';
import { takeBackup, type BackupLog } from './take-backup';

/** How often each instance looks whether a backup is due. */
export const BACKUP_CHECK_MS = 5 * 60_000;
/** After a failed backup the next try waits this long, or the interval when that is shorter. */
const RETRY_AFTER_MS = 60 * 60_000;
const HOUR_MS = 3_600_000;

/**
 * Due when the last good backup, whichever instance took it, is an interval old (or there is none), and no try
 * failed within the retry pause. Counted from the database, so a cluster takes one backup per interval, not one
 * per instance.
 */
export async function backupDue(db: Database, now: Date, everyHours: number): Promise<boolean> {
  const [good, tried] = await Promise.all([lastGoodBackupAt(db), lastBackupAttemptAt(db)]);
  const interval = everyHours * HOUR_MS;
  if (good && now.getTime() - good.getTime() < interval) return false;
  if (
    tried &&
    tried.getTime() !== good?.getTime() &&
    now.getTime() - tried.getTime() < Math.min(interval, RETRY_AFTER_MS)
  ) {
    return false;
  }
  return true;
}

/**
 * The store's own backups (main.ts): every BACKUP_CHECK_MS each instance asks whether one is due and, if so, takes
 * it unless another instance holds the lock (it looks again under the lock, as the other may have just finished).
 * `stop()` aborts a backup in progress (its files are removed, the run recorded as failed) and waits for it.
 */
export function startBackupSchedule({
  db,
  config,
  clock,
  log,
  checkEveryMs = BACKUP_CHECK_MS,
}: {
  db: Database;
  config: Pick<Config, 'BACKUP_DIR' | 'BACKUP_EVERY_HOURS' | 'BACKUP_KEEP'>;
  clock: Clock;
  log: BackupLog;
  checkEveryMs?: number;
}): { stop(): Promise<void> } {
  const everyHours = config.BACKUP_EVERY_HOURS;
  if (everyHours === null) {
    log.warn({}, 'BACKUP_EVERY_HOURS=off: the store takes no backups by itself; run npm run backup yourself');
    return { stop: async () => undefined };
  }
  const stopping = new AbortController();
  const due = () => backupDue(db, clock.now(), everyHours);
  const loop = repeatEvery(
    checkEveryMs,
    async () => {
      if (!(await due())) return;
      await takeBackup({
        db,
        dir: config.BACKUP_DIR,
        keep: config.BACKUP_KEEP,
        clock,
        log,
        trigger: 'schedule',
        wait: false,
        onlyIf: due,
        signal: stopping.signal,
      });
    },
    // takeBackup logged the failure itself; a failed check of the database is worth a line too.
    (error) => log.warn({ err: error }, 'the backup schedule will look again at its next check'),
  );
  return {
    stop: async () => {
      stopping.abort();
      await loop.stop();
    },
  };
}
