/*
 * The backups module's front door: taking a backup (the schedule main.ts runs, and `npm run backup`), restoring one
 * (`npm run restore`), the data directory's owner (PGlite) and what the Overview and /metrics show of the runs.
 * Nothing else of the module is imported from outside it (the quickbuy/server-modules lint rule).
 */

export { backupStatus } from './backup-runs';
export { claimDataDir, DataDirInUse } from './data-dir-owner';
export { startBackupSchedule } from './schedule';
export { takeBackup } from './take-backup';
export type { BackupResult } from './take-backup';
