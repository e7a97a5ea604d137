import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BackupTrigger } from '../../../shared/backups';
import { openDatabase, shippedMigrations, type Database, type DatabaseTarget } from '../../db/client';
import type { RawSession } from '../../db/raw-session';
import { systemClock, type Clock } from '../../lib/clock';
import { serializeError } from '../../lib/logging';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, writeArchive, type AppliedMigration, type ArchiveHeader } from './archive';
import { recordBackupRun, type BackupRun } from './backup-runs';
import { fileSha256 } from './checksums';
import { findPgTool, runPgDump } from './pg-dump';
import { atOneMoment, oneBackupAtATime, type DatabaseMoment } from './snapshot';
import { storeTables } from './table-rows';

/*
 * A backup of the running store (docs/decisions/075): one moment of the whole database (snapshot.ts) written as
 * the store's archive (archive.ts), which restores into either engine; on PostgreSQL also pg_dump's custom format
 * of the same moment, for the server's own tools; and a checksum file in `sha256sum` form. The images are rows of
 * the database (the images module keeps them as bytea), so the archive holds them too: nothing lives beside the
 * database on disk.
 */

export interface BackupLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** What a set's files are called: `<name>.backup.gz`, `<name>.pgdump`, `<name>.sha256`. */
export const BACKUP_SUFFIXES = { archive: '.backup.gz', pgDump: '.pgdump', checksums: '.sha256' } as const;
/** `quickbuy-2026-11-24T10-00-00Z` (UTC), and `-2`, `-3` after it when a name is taken. */
const SET_NAME = /^(quickbuy-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(?:-\d+)?)\.(?:backup\.gz|pgdump|sha256)$/;
const PARTIAL = '.partial';

export interface BackupResult {
  name: string;
  /** The set's files, full paths: the archive first, the checksum file last. */
  files: string[];
  bytes: number;
  durationMs: number;
  tables: number;
  rows: number;
  /** 'written', or why the PostgreSQL custom-format file is not in the set. */
  pgDump: string;
  startedAt: Date;
}

export interface TakeBackupOptions {
  db: Database;
  /** BACKUP_DIR. */
  dir: string;
  /** BACKUP_KEEP: sets past the newest this many are deleted after a good backup. */
  keep: number;
  clock: Clock;
  log: BackupLog;
  trigger: BackupTrigger;
  /** Wait for a backup another instance (or this one) is taking, or answer null at once. */
  wait: boolean;
  /** Write the run to backup_runs (not for the backup a restore takes of the database it is about to replace). */
  record?: boolean;
  /** Asked once the lock is held: false answers null without a backup (the schedule: another instance just took one). */
  onlyIf?: () => Promise<boolean>;
  /** Aborted when the store stops: the backup ends at once, its files removed, the run recorded as failed. */
  signal?: AbortSignal;
}

/**
 * Takes a backup into `dir`, one at a time across every instance; answers null when another runs and `wait` is
 * false. The run is logged and recorded (backup_runs) whether it succeeds or fails; a failure is thrown after.
 */
export async function takeBackup(options: TakeBackupOptions): Promise<BackupResult | null> {
  const { db, dir, clock, log, trigger, wait, record = true, onlyIf } = options;
  return oneBackupAtATime(db, { wait }, async () => {
    if (onlyIf && !(await onlyIf())) return null;
    const startedAt = clock.now();
    const started = performance.now();
    try {
      const result = await writeBackupSet(options, startedAt);
      const durationMs = Math.round(performance.now() - started);
      const done = { ...result, durationMs, startedAt };
      if (record) await recordRun(db, { startedAt, finishedAt: clock.now(), trigger, durationMs }, { written: done });
      log.info(
        { backup: done.name, bytes: done.bytes, durationMs, tables: done.tables, rows: done.rows, trigger },
        `backup ${done.name} written to ${dir}: ${done.tables} tables, ${done.rows} rows, ${done.bytes} bytes in ${durationMs} ms`,
      );
      const removed = await pruneBackups(dir, options.keep);
      if (removed.length > 0) log.info({ removed }, `backups past the newest ${options.keep} deleted`);
      return done;
    } catch (error) {
      const durationMs = Math.round(performance.now() - started);
      const message = serializeError(error, true).message;
      log.error({ err: serializeError(error, true), trigger, durationMs }, `backup failed: ${message}`);
      if (record) {
        await recordRun(db, { startedAt, finishedAt: clock.now(), trigger, durationMs }, { error: message }).catch(
          (recordError: unknown) =>
            log.warn({ err: serializeError(recordError, true) }, 'the failed backup could not be recorded'),
        );
      }
      throw error;
    }
  });
}

/** The run's row in backup_runs: what a good run wrote, or why one failed (its first 500 characters). */
function recordRun(
  db: Database,
  run: Pick<BackupRun, 'startedAt' | 'finishedAt' | 'trigger' | 'durationMs'>,
  outcome: { written: Pick<BackupResult, 'name' | 'bytes' | 'tables' | 'rows'> } | { error: string },
) {
  const written = 'written' in outcome ? outcome.written : null;
  return recordBackupRun(db, {
    ...run,
    status: written ? 'succeeded' : 'failed',
    name: written?.name ?? null,
    bytes: written?.bytes ?? null,
    tables: written?.tables ?? null,
    rows: written?.rows ?? null,
    error: 'error' in outcome ? outcome.error.slice(0, 500) : null,
  });
}

/**
 * A backup an operator's command takes (`npm run backup`, or the copy `npm run restore --replace` keeps of what it
 * replaces): the database at `target` opened for it, the backup taken once any other has finished, closed again.
 */
export async function backUpDatabaseAt(
  target: DatabaseTarget,
  options: Pick<TakeBackupOptions, 'dir' | 'keep' | 'log' | 'record'>,
): Promise<BackupResult> {
  const connection = await openDatabase(target);
  try {
    const result = await takeBackup({
      ...options,
      db: connection.db,
      clock: systemClock,
      trigger: 'command',
      wait: true,
    });
    return result!;
  } finally {
    await connection.close();
  }
}

async function writeBackupSet({ db, dir, signal }: TakeBackupOptions, startedAt: Date) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await removeLeftovers(dir);
  const name = freeName(dir, startedAt);
  const at = (suffix: string) => path.join(dir, `${name}${suffix}`);
  const written: { file: string; sha256: string; bytes: number }[] = [];
  let summary = { tables: 0, rows: 0 };
  let pgDump = 'not PostgreSQL';
  try {
    await atOneMoment(db, dir, async (moment) => {
      const archive = at(BACKUP_SUFFIXES.archive);
      const { tables, skipped } = await storeTables(moment.session);
      const header: ArchiveHeader = {
        format: ARCHIVE_FORMAT,
        version: ARCHIVE_VERSION,
        createdAt: startedAt.toISOString(),
        engine: moment.session.engine,
        serverVersion: moment.serverVersion,
        migrations: await appliedMigrations(moment.session),
        tables: tables.map((t) => ({ name: t.name, columns: t.columns })),
        skipped,
      };
      const result = await writeArchive(archive + PARTIAL, moment.session, header, tables, signal);
      written.push({ file: archive, sha256: result.sha256, bytes: result.bytes });
      summary = { tables: result.tables.length, rows: result.tables.reduce((sum, t) => sum + t.rows, 0) };
      pgDump = await writePgDump(moment, at(BACKUP_SUFFIXES.pgDump), written, signal);
    });
    // Whole files take their names only once every one is written, the checksum file last: a set with a
    // checksum file is complete.
    for (const { file } of written) await rename(file + PARTIAL, file);
    const checksums = at(BACKUP_SUFFIXES.checksums);
    const lines = written.map(({ file, sha256 }) => `${sha256}  ${path.basename(file)}\n`).join('');
    await writeFile(checksums, lines, { mode: 0o600 });
    const files = [...written.map((w) => w.file), checksums];
    const bytes = written.reduce((sum, w) => sum + w.bytes, 0) + Buffer.byteLength(lines);
    return { name, files, bytes, pgDump, ...summary };
  } catch (error) {
    await Promise.all(written.map(({ file }) => rm(file + PARTIAL, { force: true })));
    await rm(at(BACKUP_SUFFIXES.archive) + PARTIAL, { force: true });
    throw error;
  }
}

/** pg_dump's file of the same moment when the server is PostgreSQL and a pg_dump new enough is here. */
async function writePgDump(
  moment: DatabaseMoment,
  file: string,
  written: { file: string; sha256: string; bytes: number }[],
  signal: AbortSignal | undefined,
): Promise<string> {
  if (!moment.exported) return 'not PostgreSQL';
  const tool = await findPgTool('pg_dump');
  if (!tool) return 'no pg_dump on this machine';
  if (tool.major < moment.exported.serverMajor) {
    return `pg_dump ${tool.major} cannot read a PostgreSQL ${moment.exported.serverMajor} server`;
  }
  await runPgDump({ tool, url: moment.exported.url, snapshot: moment.exported.snapshot, file: file + PARTIAL, signal });
  written.push({ file, sha256: await fileSha256(file + PARTIAL), bytes: (await stat(file + PARTIAL)).size });
  return 'written';
}

/** The migrations the database had, as Drizzle recorded them, named by this code's files where it ships them. */
async function appliedMigrations(session: RawSession): Promise<AppliedMigration[]> {
  const [[table]] = (await session.rows("select to_regclass('drizzle.__drizzle_migrations')::text")) as [
    [string | null],
  ];
  if (!table) return [];
  const rows = (await session.rows(
    'select hash, created_at::text from drizzle.__drizzle_migrations order by created_at, id',
  )) as [string, string][];
  const shipped = shippedMigrations();
  return rows.map(([hash, createdAt]) => {
    const folderMillis = Number(createdAt);
    const known = shipped.find((m) => m.folderMillis === folderMillis);
    return { tag: known?.tag ?? `unknown-${folderMillis}`, folderMillis, hash };
  });
}

function stamp(at: Date): string {
  return `quickbuy-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
}

/** The set's name: the time it started, with a number after it when that name is taken. */
function freeName(dir: string, at: Date): string {
  const base = stamp(at);
  const taken = (name: string) => existsSync(path.join(dir, `${name}${BACKUP_SUFFIXES.checksums}`));
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
}

/** A run that died half way leaves `.partial` files and a snapshot's folder: gone before the next one starts. */
async function removeLeftovers(dir: string) {
  for (const entry of await readdir(dir)) {
    if (entry.endsWith(PARTIAL) || entry.startsWith('.snapshot-')) {
      await rm(path.join(dir, entry), { recursive: true, force: true });
    }
  }
}

/** The backup sets in `dir`, newest first, each with its files. */
export async function listBackupSets(dir: string): Promise<{ name: string; files: string[] }[]> {
  if (!existsSync(dir)) return [];
  const sets = new Map<string, string[]>();
  for (const entry of await readdir(dir)) {
    const name = SET_NAME.exec(entry)?.[1];
    if (name) sets.set(name, [...(sets.get(name) ?? []), path.join(dir, entry)]);
  }
  return [...sets.entries()]
    .sort(([a], [b]) => b.localeCompare(a, 'en', { numeric: true }))
    .filter(([, files]) => files.some((f) => f.endsWith(BACKUP_SUFFIXES.checksums)))
    .map(([name, files]) => ({ name, files }));
}

/** Deletes the complete sets past the newest `keep`; answers the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const past = (await listBackupSets(dir)).slice(keep);
  for (const set of past) await Promise.all(set.files.map((file) => rm(file, { force: true })));
  return past.map((set) => set.name);
}
