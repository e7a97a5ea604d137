/**
 * `npm run backup`: a backup of the store's database (docs/operations.md) into BACKUP_DIR, while the store keeps
 * serving. On PostgreSQL (DATABASE_URL) it reads the server itself, waiting for a backup another instance may be
 * taking. On PGlite (DATA_DIR) the running store owns the data directory, so the store is asked to take it, over
 * the socket beside DATA_DIR, and writes it to its own BACKUP_DIR; with no store running, this command opens the
 * data directory itself (claiming it, so no store starts on it meanwhile).
 */
import { existsSync, readdirSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../../config';
import { askOwner, claimDataDir, DataDirInUse } from './data-dir-owner';
import { backUpDatabaseAt, type BackupLog, type BackupResult } from './take-backup';

const log: BackupLog = {
  info: (_fields, message) => message && console.log(message),
  warn: (_fields, message) => message && console.warn(message),
  error: () => undefined,
};

const backUpAt = (config: Config, target: { url: string } | { dataDir: string }): Promise<BackupResult> =>
  backUpDatabaseAt(target, { dir: config.BACKUP_DIR, keep: config.BACKUP_KEEP, log });

async function backUpPglite(config: Config): Promise<BackupResult> {
  for (let attempt = 0; ; attempt++) {
    const answered = (await askOwner(config.DATA_DIR, 'backup')) as BackupResult | null;
    if (answered) return answered;
    if (!existsSync(config.DATA_DIR) || readdirSync(config.DATA_DIR).length === 0) {
      throw new Error(`no database in ${config.DATA_DIR} (DATA_DIR) to back up`);
    }
    try {
      const claim = await claimDataDir(config.DATA_DIR, 'backup');
      try {
        return await backUpAt(config, { dataDir: config.DATA_DIR });
      } finally {
        await claim.release();
      }
    } catch (error) {
      // A store started between the question and the claim: ask it instead, once.
      if (!(error instanceof DataDirInUse) || attempt > 0) throw error;
    }
  }
}

async function main() {
  if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
    console.log('usage: npm run backup   (reads DATABASE_URL or DATA_DIR, writes into BACKUP_DIR)');
    return;
  }
  const config = loadConfig();
  const result = config.DATABASE_URL
    ? await backUpAt(config, { url: config.DATABASE_URL })
    : await backUpPglite(config);
  const megabytes = (result.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Backup ${result.name}: ${result.tables} tables, ${result.rows} rows, ${megabytes} MB in ${(result.durationMs / 1000).toFixed(1)} s`,
  );
  for (const file of result.files) console.log(`  ${file}`);
  if (result.pgDump !== 'written' && config.DATABASE_URL) console.log(`  (no pg_dump file: ${result.pgDump})`);
}

main().catch((error: unknown) => {
  console.error(
    `Backup failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
