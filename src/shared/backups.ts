/**
 * Backups as the admin sees them (the Overview's line) and the words for them (docs/decisions/075). The
 * schedule and the files are the server's; what a backup is and how to restore one: docs/operations.md.
 */

/** How a backup run ended. */
export const BACKUP_RUN_STATUSES = ['succeeded', 'failed'] as const;
export type BackupRunStatus = (typeof BACKUP_RUN_STATUSES)[number];

/** What started it: the store's own schedule, or `npm run backup`. */
export const BACKUP_TRIGGERS = ['schedule', 'command'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

/** BACKUP_EVERY_HOURS and BACKUP_KEEP when unset. */
export const DEFAULT_BACKUP_EVERY_HOURS = 24;
export const DEFAULT_BACKUP_KEEP = 14;

/** The newest backup runs, for the admin's overview (GET /api/admin/overview, `backups`). */
export interface BackupStatus {
  /** BACKUP_EVERY_HOURS; null when the schedule is off. */
  everyHours: number | null;
  /** The newest run, whatever its end. */
  last: { at: string; status: BackupRunStatus; error: string | null } | null;
  /** The newest run that succeeded: when it started, its files' size and how long it took. */
  lastSuccess: { at: string; bytes: number; durationMs: number } | null;
}

const HOUR_MS = 3_600_000;

/** '3 h ago': how long before `now` an instant was, in the largest unit that is at least one. */
export function timeAgo(at: string, now: Date): string {
  const ms = Math.max(0, now.getTime() - new Date(at).getTime());
  if (ms < 60_000) return 'just now';
  if (ms < HOUR_MS) return `${Math.floor(ms / 60_000)} min ago`;
  if (ms < 48 * HOUR_MS) return `${Math.floor(ms / HOUR_MS)} h ago`;
  return `${Math.floor(ms / (24 * HOUR_MS))} days ago`;
}

/**
 * The Overview's line and, when the admin should act, its warning: no backup yet, the last one failed, or the
 * last good one older than twice the interval (a missed run is not yet a worry; two are).
 */
export function backupLine(status: BackupStatus, now: Date): { text: string; warning: string | null } {
  const { everyHours, last, lastSuccess } = status;
  const text = lastSuccess ? `Last backup ${timeAgo(lastSuccess.at, now)}` : 'No backup yet';
  if (last?.status === 'failed') {
    return { text, warning: `The last backup failed ${timeAgo(last.at, now)}: ${last.error ?? 'see the log'}` };
  }
  if (everyHours === null) {
    return { text, warning: 'Automatic backups are off (BACKUP_EVERY_HOURS=off): run npm run backup yourself' };
  }
  if (!lastSuccess) return { text, warning: 'The store has not been backed up yet' };
  if (now.getTime() - new Date(lastSuccess.at).getTime() > 2 * everyHours * HOUR_MS) {
    return { text, warning: `Backups are due every ${everyHours} h and the last good one is older than twice that` };
  }
  return { text, warning: null };
}
