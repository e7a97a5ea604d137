import { existsSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import {
  createPglite,
  openDatabase,
  pendingMigrations,
  shippedMigrations,
  STORE_APPLICATION_NAME,
  type ShippedMigration,
} from '../../db/client';
import { pgliteSession, postgresSession, type RawSession } from '../../db/raw-session';
import { readArchive, type AppliedMigration, type ArchiveHeader } from './archive';
import { verifyChecksum } from './checksums';
import { claimDataDir } from './data-dir-owner';
import { BACKUP_SUFFIXES } from './take-backup';
import {
  parseCopyLine,
  quoteName,
  storeTables,
  tableFingerprints,
  type TableFingerprint,
  type TableShape,
} from './table-rows';

/*
 * `npm run restore -- FILE [--replace]` (docs/decisions/075, docs/operations.md). A backup from either engine goes
 * into either: an empty PGlite data directory or an empty PostgreSQL database. In order: the checksum file
 * vouches for the archive; its header says which migrations its database had, and a backup from a newer schema
 * is refused before the target is touched; the target must be empty, unless --replace, which first backs it up;
 * then, in one transaction, the schema as it was (the migrations the backup had, replayed), the rows table by
 * table (parents first), the identity counters moved past the rows, and every table's count and SHA-256 compared
 * with the archive's; after the commit, the migrations this version adds. The store starts on the result.
 */

/** The restore would do harm or cannot be done: said to the operator, nothing changed. */
export class RestoreRefusal extends Error {}

export type RestoreTarget = { dataDir: string } | { url: string };

export interface RestoreOptions {
  file: string;
  target: RestoreTarget;
  /** Replace a database the target already holds (after `backUpCurrent`). */
  replace: boolean;
  /** Takes a backup of what the target holds now, before --replace removes it; answers where it went. */
  backUpCurrent: () => Promise<string>;
  log: (line: string) => void;
}

export interface RestoreReport {
  header: ArchiveHeader;
  tables: TableFingerprint[];
  rows: number;
  /** Migrations run after the load, which this version of the store adds to the backup's schema. */
  migratedAfter: number;
  /** Where the target's earlier database was backed up (with --replace). */
  replacedBackup: string | null;
}

export const checksumFileOf = (file: string) =>
  file.endsWith(BACKUP_SUFFIXES.archive)
    ? file.slice(0, -BACKUP_SUFFIXES.archive.length) + BACKUP_SUFFIXES.checksums
    : `${file}${BACKUP_SUFFIXES.checksums}`;

/** The archive's header alone (its first line), after the checksum is checked. */
export async function readHeader(file: string): Promise<ArchiveHeader> {
  for await (const part of readArchive(file)) {
    if (part.kind === 'header') return part.header;
    break;
  }
  throw new RestoreRefusal('the file has no backup header');
}

/**
 * The migrations to replay for the backup's schema: exactly those it had, which must be this version's first
 * ones. A migration this version does not ship means the backup comes from a newer store; one that differs, from
 * another line of the code.
 */
export function migrationsToReplay(backup: AppliedMigration[]): ShippedMigration[] {
  const shipped = shippedMigrations();
  const newest = shipped[shipped.length - 1]!;
  for (const [i, had] of backup.entries()) {
    const ours = shipped[i];
    if (!ours || had.folderMillis > newest.folderMillis) {
      throw new RestoreRefusal(
        `this backup comes from a newer version of the store: its database has migration ${had.tag}, which this version does not have (its newest is ${newest.tag}). Restore it with that version or a later one`,
      );
    }
    if (ours.folderMillis !== had.folderMillis || ours.hash !== had.hash) {
      throw new RestoreRefusal(
        `this backup's migration ${i + 1} (${had.tag}) is not this version's (${ours.tag}): it comes from another line of the code`,
      );
    }
  }
  return shipped.slice(0, backup.length);
}

/** What the target holds: the first few tables of a database, or none. */
async function tablesHeld(session: RawSession): Promise<string[]> {
  const rows = (await session.rows(
    `select n.nspname || '.' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg\\_%' order by 1 limit 5`,
  )) as [string][];
  return rows.map(([name]) => name);
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const { file, target, log } = options;
  if (!existsSync(file)) throw new RestoreRefusal(`no file ${file}`);
  await verifyChecksum(file, checksumFileOf(file)).catch((error: Error) => {
    throw new RestoreRefusal(error.message);
  });
  log(`Checksum verified: ${file}`);
  const header = await readHeader(file).catch((error: Error) => {
    throw error instanceof RestoreRefusal ? error : new RestoreRefusal(error.message);
  });
  const replay = migrationsToReplay(header.migrations);
  log(
    `Backup of ${header.createdAt} from ${header.engine} (PostgreSQL ${header.serverVersion}), schema at ${replay.at(-1)?.tag ?? 'no migration'}`,
  );
  return 'dataDir' in target
    ? restoreIntoDataDir(options, header, replay, target.dataDir)
    : restoreIntoServer(options, header, replay, target.url);
}

async function restoreIntoDataDir(
  options: RestoreOptions,
  header: ArchiveHeader,
  replay: ShippedMigration[],
  dataDir: string,
): Promise<RestoreReport> {
  const claim = await claimDataDir(dataDir, 'restore');
  const aside = `${dataDir}.before-restore-${Date.now()}`;
  let replacedBackup: string | null = null;
  let movedAside = false;
  let created = false;
  try {
    const held = existsSync(dataDir) && readdirSync(dataDir).length > 0;
    if (held) {
      if (!options.replace) {
        throw new RestoreRefusal(
          `${dataDir} is not empty: restore into an empty data directory (set DATA_DIR), or add --replace to back up what it holds and replace it`,
        );
      }
      replacedBackup = await options.backUpCurrent();
      options.log(`The database it held is backed up: ${replacedBackup}`);
      await rename(dataDir, aside);
      movedAside = true;
    }
    created = true;
    const loaded = await withTarget(
      async () => pgliteSession(await createPglite({ dataDir }), { owned: true }),
      (session) => loadArchive(session, options.file, header, replay, { dropFirst: false }),
    );
    const migratedAfter = await migrateForward({ dataDir }, options.log);
    if (movedAside) await rm(aside, { recursive: true, force: true });
    return { header, ...loaded, migratedAfter, replacedBackup };
  } catch (error) {
    if (created) await rm(dataDir, { recursive: true, force: true });
    if (movedAside) {
      await rename(aside, dataDir);
      options.log(`Nothing changed: ${dataDir} holds what it held before`);
    }
    throw error;
  } finally {
    await claim.release();
  }
}

async function restoreIntoServer(
  options: RestoreOptions,
  header: ArchiveHeader,
  replay: ShippedMigration[],
  url: string,
): Promise<RestoreReport> {
  let replacedBackup: string | null = null;
  const check = await postgresSession(url);
  try {
    const [[stores]] = (await check.rows(
      `select count(*)::int from pg_stat_activity
       where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [STORE_APPLICATION_NAME],
    )) as [[number]];
    if (stores > 0) {
      throw new RestoreRefusal(
        `a QuickBuy store has ${stores} connection(s) open to this database: stop every instance first`,
      );
    }
    const held = await tablesHeld(check);
    if (held.length > 0) {
      if (!options.replace) {
        throw new RestoreRefusal(
          `the database is not empty (it holds ${held.join(', ')}${held.length === 5 ? ', ...' : ''}): restore into an empty database, or add --replace to back up what it holds and replace it`,
        );
      }
      replacedBackup = await options.backUpCurrent();
      options.log(`The database it held is backed up: ${replacedBackup}`);
    }
  } finally {
    await check.close();
  }
  // The old schema is dropped in the load's own transaction: a failed load leaves the database as it was.
  const loaded = await withTarget(
    () => postgresSession(url),
    (session) => loadArchive(session, options.file, header, replay, { dropFirst: replacedBackup !== null }),
  );
  const migratedAfter = await migrateForward({ url }, options.log);
  return { header, ...loaded, migratedAfter, replacedBackup };
}

async function withTarget<T>(open: () => Promise<RawSession>, work: (session: RawSession) => Promise<T>): Promise<T> {
  const session = await open();
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}

/** The migrations this version adds to the backup's schema, as the store runs them at start-up. */
async function migrateForward(target: RestoreTarget, log: (line: string) => void): Promise<number> {
  const connection = await openDatabase(target);
  try {
    const pending = await pendingMigrations(connection.db);
    if (pending > 0) {
      log(`Running the ${pending} migration(s) this version adds`);
      await connection.migrate();
    }
    return pending;
  } finally {
    await connection.close();
  }
}

/** Rows an insert takes at most, and about how many bytes of text. */
const INSERT_ROWS = 500;

/**
 * The load, in one transaction on `session`: schema, rows, counters, then the check of every table against the
 * archive. Anything wrong rolls it all back.
 */
async function loadArchive(
  session: RawSession,
  file: string,
  header: ArchiveHeader,
  replay: ShippedMigration[],
  { dropFirst }: { dropFirst: boolean },
): Promise<{ tables: TableFingerprint[]; rows: number }> {
  await session.exec('BEGIN');
  try {
    if (dropFirst)
      await session.exec('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await replayMigrations(session, replay);
    const { tables } = await storeTables(session);
    const byName = new Map(tables.map((t) => [t.name, t]));
    // The archive holds what the store's triggers derived (the search's vocabulary): loaded as it was, not derived
    // again from the rows as they arrive, which would write it twice.
    await setUserTriggers(session, tables, 'DISABLE');
    const expected: TableFingerprint[] = [];
    let insert: ((lines: string[]) => Promise<void>) | null = null;
    for await (const part of readArchive(file)) {
      if (part.kind === 'table') insert = inserter(session, header, byName, part.name);
      else if (part.kind === 'rows') await insert!(part.lines);
      else if (part.kind === 'end') expected.push(part.fingerprint);
    }
    await setUserTriggers(session, tables, 'ENABLE');
    await moveCountersPastRows(session);
    const actual = await tableFingerprints(session);
    for (const want of expected) {
      const got = actual.find((t) => t.name === want.name);
      if (!got || got.rows !== want.rows || got.sha256 !== want.sha256) {
        throw new Error(
          `table ${want.name} differs after the load (${got?.rows ?? 0} rows, ${want.rows} in the backup): nothing was restored`,
        );
      }
    }
    await session.exec('COMMIT');
    return { tables: expected, rows: expected.reduce((sum, t) => sum + t.rows, 0) };
  } catch (error) {
    await session.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The store's own triggers on every table, off for the load and on again before it commits (its owner may). */
async function setUserTriggers(session: RawSession, tables: TableShape[], state: 'DISABLE' | 'ENABLE') {
  for (const table of tables) await session.exec(`ALTER TABLE public.${quoteName(table.name)} ${state} TRIGGER USER`);
}

/** The backup's migrations, run as Drizzle runs them and recorded where Drizzle looks, so it goes on from there. */
async function replayMigrations(session: RawSession, replay: ShippedMigration[]) {
  await session.exec(
    'CREATE SCHEMA IF NOT EXISTS drizzle; CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  for (const migration of replay) {
    for (const statement of migration.statements) if (statement.trim()) await session.exec(statement);
    await session.rows('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

/**
 * The insert of one table's rows: the archive's columns by name, each value cast from its text by the target
 * column's type, in batches; identity values kept as they were (OVERRIDING SYSTEM VALUE).
 */
function inserter(
  session: RawSession,
  header: ArchiveHeader,
  tables: Map<string, TableShape>,
  name: string,
): (lines: string[]) => Promise<void> {
  const target = tables.get(name);
  const columns = header.tables.find((t) => t.name === name)?.columns;
  if (!target || !columns) throw new RestoreRefusal(`the backup holds a table ${name} its schema does not have`);
  const missing = columns.filter((c) => !target.columns.some((t) => t.name === c.name));
  if (missing.length > 0) {
    throw new RestoreRefusal(
      `table ${name} in the backup has columns its schema lacks: ${missing.map((c) => c.name).join(', ')}`,
    );
  }
  const types = columns.map((c) => target.columns.find((t) => t.name === c.name)!.type);
  const statement =
    `insert into public.${quoteName(name)} (${columns.map((c) => quoteName(c.name)).join(', ')}) ` +
    `overriding system value select ${types.map((type, i) => `u.c${i}::${type}`).join(', ')} ` +
    `from unnest(${types.map((_, i) => `$${i + 1}::text[]`).join(', ')}) as u(${types.map((_, i) => `c${i}`).join(', ')})`;
  return async (lines) => {
    for (let start = 0; start < lines.length; start += INSERT_ROWS) {
      const rows = lines.slice(start, start + INSERT_ROWS).map(parseCopyLine);
      for (const row of rows) {
        if (row.length !== columns.length)
          throw new Error(`a row of ${name} has ${row.length} values, not ${columns.length}`);
      }
      await session.rows(
        statement,
        columns.map((_, i) => rows.map((row) => row[i])),
      );
    }
  };
}

/** Every identity and serial counter of the store's tables moved past the highest value the rows hold. */
async function moveCountersPastRows(session: RawSession) {
  const counters = (await session.rows(
    `select c.relname, a.attname, pg_get_serial_sequence(format('public.%I', c.relname), a.attname)
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
       and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`,
  )) as [string, string, string][];
  for (const [table, column, sequence] of counters) {
    await session.rows(
      `select setval($1::regclass, coalesce((select max(${quoteName(column)}) from public.${quoteName(table)}), 0) + 1, false)`,
      [sequence],
    );
  }
}
