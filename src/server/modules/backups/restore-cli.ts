/**
 * `npm run restore -- FILE [--replace]`: restores a backup (`<name>.backup.gz`, its `.sha256` beside it) into the
 * database DATABASE_URL names, or into the PGlite data directory DATA_DIR (docs/operations.md). The target must
 * be empty; `--replace` first backs up what it holds into BACKUP_DIR and then replaces it. `--check` reads the
 * whole backup and checks every table's checksum without restoring it. The store must not be running on the
 * target (a running PGlite store is refused; stop a cluster's instances before replacing its database).
 */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../../config';
import { ArchiveError, readArchive } from './archive';
import { ChecksumError, verifyChecksum } from './checksums';
import { checksumFileOf, restoreBackup, RestoreRefusal, type RestoreTarget } from './restore';
import { DataDirInUse } from './data-dir-owner';
import { backUpDatabaseAt } from './take-backup';

const USAGE = 'usage: npm run restore -- <backup .backup.gz file> [--replace] [--check]';

async function backUpCurrent(config: Config, target: RestoreTarget): Promise<string> {
  const backup = await backUpDatabaseAt(target, {
    dir: config.BACKUP_DIR,
    keep: Number.MAX_SAFE_INTEGER,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    // The database is about to be replaced: its own record of this run would go with it.
    record: false,
  });
  return backup.files[0]!;
}

/** Reads the whole archive, each table checked against its checksum, and says what it holds. */
async function check(file: string) {
  await verifyChecksum(file, checksumFileOf(file));
  let tables = 0;
  let rows = 0;
  for await (const part of readArchive(file)) {
    if (part.kind === 'header') {
      const { header } = part;
      console.log(`Backup of ${header.createdAt} from ${header.engine} (PostgreSQL ${header.serverVersion})`);
      console.log(`Schema: ${header.migrations.at(-1)?.tag ?? 'none'} (${header.migrations.length} migrations)`);
    } else if (part.kind === 'end') {
      tables++;
      rows += part.fingerprint.rows;
      console.log(`  ${part.fingerprint.name}: ${part.fingerprint.rows} rows, checksum matches`);
    }
  }
  console.log(`Whole and readable: ${tables} tables, ${rows} rows.`);
}

async function main() {
  const args = process.argv.slice(2);
  const flags = new Set(args.filter((arg) => arg.startsWith('-')));
  const files = args.filter((arg) => !arg.startsWith('-'));
  if (flags.has('--help') || flags.has('-h')) return console.log(USAGE);
  const unknown = [...flags].filter((flag) => flag !== '--replace' && flag !== '--check');
  if (files.length !== 1 || unknown.length > 0) {
    console.error(unknown.length > 0 ? `Unknown option ${unknown[0]}\n${USAGE}` : USAGE);
    process.exit(2);
  }
  const file = path.resolve(files[0]!);
  if (flags.has('--check')) return check(file);
  const config = loadConfig();
  const target: RestoreTarget = config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
  const where =
    'url' in target ? 'the PostgreSQL database of DATABASE_URL' : `the PGlite data directory ${config.DATA_DIR}`;
  console.log(`Restoring ${file} into ${where}`);
  const started = performance.now();
  const report = await restoreBackup({
    file,
    target,
    replace: flags.has('--replace'),
    backUpCurrent: () => backUpCurrent(config, target),
    log: (line) => console.log(line),
  });
  console.log(
    `Restored ${report.tables.length} tables, ${report.rows} rows, each matching its checksum, in ${((performance.now() - started) / 1000).toFixed(1)} s` +
      (report.migratedAfter > 0 ? `; ${report.migratedAfter} newer migration(s) run` : ''),
  );
  console.log('Start the store on it: npm start');
}

main().catch((error: unknown) => {
  const known = [RestoreRefusal, ChecksumError, ArchiveError, DataDirInUse, ConfigError].some(
    (kind) => error instanceof kind,
  );
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${known ? 'Restore refused' : 'Restore failed'}: ${message}`);
  if (!known && error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});
