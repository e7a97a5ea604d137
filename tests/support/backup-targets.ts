import path from 'node:path';
import type { Database } from '../../src/server/db/client';
import type { Clock } from '../../src/server/lib/clock';
import { restoreBackup, type RestoreTarget } from '../../src/server/modules/backups/restore';
import { takeBackup, type BackupResult } from '../../src/server/modules/backups/take-backup';
import { createServerDatabase } from './server-databases';
import { tempFolder } from './temp-folders';

/** Silent logs for backups and restores run by tests. */
export const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A folder of its own for a test's backups (BACKUP_DIR), removed after the test file. */
export const backupFolder = () => tempFolder('quickbuy-backups-');

/** A backup as `npm run backup` takes it (waiting for any other to finish), into a folder of its own. */
export async function backUpNow(db: Database, clock: Clock): Promise<BackupResult> {
  const result = await takeBackup({
    db,
    dir: backupFolder(),
    keep: 14,
    clock,
    log: quietLog,
    trigger: 'command',
    wait: true,
  });
  return result!;
}

const made: Array<() => void | Promise<void>> = [];

/** Where a restore may go on `engine`: a data directory not yet made, or a new database with nothing in it. */
export async function emptyTarget(engine: 'pglite' | 'postgres'): Promise<RestoreTarget> {
  if (engine === 'pglite') {
    return { dataDir: path.join(tempFolder('quickbuy-restore-'), 'data') };
  }
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('a PostgreSQL target needs TEST_DATABASE_URL (scripts/with-postgres.mjs)');
  const database = await createServerDatabase(server, 'qb_restore');
  made.push(database.drop);
  return { url: database.url };
}

/** `backup` restored into an empty target on `engine` (nothing there to back up first). */
export async function restoreIntoEmpty(engine: 'pglite' | 'postgres', backup: BackupResult): Promise<RestoreTarget> {
  const target = await emptyTarget(engine);
  await restoreBackup({
    file: backup.files[0]!,
    target,
    replace: false,
    backUpCurrent: () => Promise.reject(new Error('the target is empty')),
    log: () => undefined,
  });
  return target;
}

/** Drops every database made above (an afterAll); the folders go after the test file. */
export async function removeAll() {
  for (const remove of made.splice(0).reverse()) await remove();
}

/** The engine the suite runs on: PostgreSQL under scripts/with-postgres.mjs, PGlite otherwise. */
export const suiteEngine = (): 'pglite' | 'postgres' => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
