import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type QueryOptions, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Logger, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/**
 * The one database handle services take; nothing above this file knows which engine is behind it. Opened
 * without the schema: the relational API (`db.query.*`) is not used, and with the schema every transaction
 * built a query builder for each of its tables.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A handle inside `db.transaction(...)`; usable wherever a Database is. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a service that may run inside its caller's transaction takes: the database or a transaction. */
export type DbHandle = Database | Transaction;

interface OpenTransaction {
  hooks: Array<(db: Database) => void>;
  /** Opened on PGlite (isEmbedded of the handle it was opened on). */
  embedded: boolean;
}
const openTransactions = new WeakMap<object, OpenTransaction>();

/**
 * `db.transaction(work)`, plus afterCommit: a transaction that spans modules is opened with this, so
 * a module writing in it can leave work for after the commit (emptying an in-process cache, which
 * must not be refilled from rows other connections cannot see yet). A rollback drops that work.
 * Given a transaction, it opens a savepoint, whose after-commit work waits for the outer commit.
 */
export async function transaction<T>(db: DbHandle, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const open: OpenTransaction = { hooks: [], embedded: isEmbedded(db) };
  const result = await db.transaction(async (tx) => {
    openTransactions.set(tx, open);
    return work(tx);
  });
  for (const hook of open.hooks) afterCommit(db, hook);
  return result;
}

/**
 * Runs `hook` with the database once what `handle` wrote is committed: after the commit of a
 * transaction() handle, at once for the database itself (its writes commit as they run).
 */
export function afterCommit(handle: DbHandle, hook: (db: Database) => void) {
  const open = openTransactions.get(handle);
  if (open) open.hooks.push(hook);
  else if (handle instanceof PgTransaction) {
    throw new Error('afterCommit needs a transaction opened with transaction() from db/client');
  } else hook(handle);
}

const embedded = new WeakSet<Database>();

/**
 * True for PGlite (or a transaction() opened on it): the database lives inside this process and no
 * other process can open it while it runs, so every write to it goes through this process (and its
 * cache invalidation). False for a PostgreSQL server, which other instances and tools write to as well.
 */
export function isEmbedded(handle: DbHandle): boolean {
  return embedded.has(handle as Database) || openTransactions.get(handle)?.embedded === true;
}

const serverUrls = new WeakMap<Database, string>();

/**
 * The URL of the PostgreSQL server behind `db`, for a connection of one's own outside the pool (a
 * LISTEN must stay on one connection: db/notifications.ts); null on PGlite.
 */
export function serverUrlOf(db: Database): string | null {
  return serverUrls.get(db) ?? null;
}

export interface DatabaseConnection {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Apply pending migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any fixed 64-bit number: the advisory lock every instance takes while it migrates. */
const MIGRATION_LOCK_ID = 727_001_2026;

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; snapshot?: Blob };

/** How a database is opened; `logger` hears every statement Drizzle sends (the checkout floor's test records them). */
export interface OpenOptions {
  logger?: Logger;
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<DatabaseConnection> {
  if ('url' in target) return openPostgres(target.url, options);
  if ('dataDir' in target) return openPglite(target.dataDir, undefined, options);
  return openPglite(undefined, target.snapshot, options);
}

/**
 * The value parsers Drizzle's PGlite driver hands to every query: dates, times and intervals (and
 * their arrays, and numeric[]) stay text, which Drizzle's column types then map.
 */
const keepAsText = (value: string) => value;
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    keepAsText,
  ]),
);

type QueryCall = (query: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;

/**
 * The PGlite client as Drizzle sees it, minus the parsers Drizzle passes with each query: PGlite
 * copies its whole table of parsers into a new object for every query that brings its own, which
 * cost more CPU than the query (a `select 1`: 0.27 ms against 0.13). The client is created with
 * the same parsers (DRIZZLE_PARSERS), so every value reads as before (docs/decisions/033).
 */
function withoutQueryParsers<C extends PGlite | PgliteTransaction>(client: C): C {
  const query: QueryCall = (text, params, options) =>
    client.query(text, params, options && { ...options, parsers: undefined });
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction' && target instanceof PGlite) {
        return <T>(work: (tx: PgliteTransaction) => Promise<T>) =>
          target.transaction((tx) => work(withoutQueryParsers(tx)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A PGlite engine as the store opens it (pg_trgm loaded, Drizzle's parsers): in `dataDir`, or in memory, either
 * started from a tarball of a data directory (`snapshot`). The backups module opens its snapshot's copy and a
 * restore's target with it.
 */
export async function createPglite({ dataDir, snapshot }: { dataDir?: string; snapshot?: Blob }): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir: snapshot, parsers: DRIZZLE_PARSERS });
}

const engines = new WeakMap<Database, PGlite>();

/**
 * The PGlite engine behind `db`, or null on PostgreSQL: what db/raw-session.ts reads through, and whose
 * dumpDataDir is the backups module's snapshot of a running store.
 */
export function pgliteOf(db: Database): PGlite | null {
  return engines.get(db) ?? null;
}

async function openPglite(
  dataDir: string | undefined,
  snapshot: Blob | undefined,
  options: OpenOptions,
): Promise<DatabaseConnection> {
  return pgliteConnection(await createPglite({ dataDir, snapshot }), options);
}

/** The store's connection to a PGlite engine made by createPglite; closing it closes the engine. */
export function pgliteConnection(client: PGlite, { logger }: OpenOptions = {}): DatabaseConnection {
  const pglite = drizzlePglite({ client: withoutQueryParsers(client), logger });
  embedded.add(pglite);
  engines.set(pglite, client);
  return {
    db: pglite,
    engine: 'pglite',
    // One PGlite belongs to one process, so no other instance can be migrating it.
    migrate: async () => {
      await migratePglite(pglite, { migrationsFolder });
    },
    close: () => client.close(),
  };
}

/** One migration this code ships: its file's name, the folder time Drizzle records, its hash and statements. */
export interface ShippedMigration {
  tag: string;
  folderMillis: number;
  hash: string;
  statements: string[];
}

let shipped: ShippedMigration[] | undefined;

/** The migrations this code ships, oldest first, read once (a restore replays the first ones a backup had). */
export function shippedMigrations(): ShippedMigration[] {
  if (!shipped) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    shipped = readMigrationFiles({ migrationsFolder }).map((migration, i) => ({
      tag: journal.entries[i]!.tag,
      folderMillis: migration.folderMillis,
      hash: migration.hash,
      statements: migration.sql,
    }));
  }
  return shipped;
}

/**
 * How many of the migrations this code ships the database lacks: 0 when it is up to date, or ahead
 * of this code (a newer instance migrated it). Drizzle applies them in order and records each one's
 * folder time, so the newest recorded time tells.
 */
export async function pendingMigrations(db: Database): Promise<number> {
  const table = await firstValue(db, sql`select to_regclass('drizzle.__drizzle_migrations')::text`);
  const newest = table
    ? await firstValue(db, sql`select max(created_at)::text from drizzle.__drizzle_migrations`)
    : null;
  const applied = Number(newest ?? 0);
  return shippedMigrations().filter((migration) => migration.folderMillis > applied).length;
}

/** The first column of the first row a raw statement answers (node-postgres and PGlite both answer `{ rows }`). */
async function firstValue(db: Database, query: SQL): Promise<unknown> {
  const { rows } = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return rows[0] ? Object.values(rows[0])[0] : undefined;
}

/** What the store's connections call themselves on a PostgreSQL server. */
export const STORE_APPLICATION_NAME = 'quickbuy';

/** Connections one instance opens to a PostgreSQL server at most. */
const POOL_SIZE = 10;
const pools = new WeakMap<Database, pg.Pool>();

/** What the metrics report of the connections behind a database handle. */
export interface PoolUse {
  /** Connections open. */
  total: number;
  /** Open and unused. */
  idle: number;
  /** Queries waiting for a connection: above 0, the pool is the bottleneck. */
  waiting: number;
  max: number;
}

/** The pool's counts on PostgreSQL; PGlite has no pool, its one connection lives in this process. */
export function poolUse(db: Database): PoolUse {
  const pool = pools.get(db);
  if (!pool) return { total: 1, idle: 0, waiting: 0, max: 1 };
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_SIZE };
}

async function openPostgres(url: string, { logger }: OpenOptions): Promise<DatabaseConnection> {
  // An idle connection stays open (idleTimeoutMillis 0): closing idle ones would save little for a pool this
  // small, and their timers cost a setTimeout and a clearTimeout on every query, 1% of a paid order's CPU.
  // Named, so a restore can tell that a store still has this database open (pg_stat_activity).
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    idleTimeoutMillis: 0,
    application_name: STORE_APPLICATION_NAME,
  });
  // An idle connection dropped by the server (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn('PostgreSQL dropped an idle connection:', error.message));
  const db = drizzlePg({ client: pool, logger });
  pools.set(db, pool);
  // A connection the server drops while it is checked out (the server restarts in the middle of a transaction)
  // emits 'error' on its client, which the pool listens to only while the client is idle: unheard, that error
  // would end the process (brianc/node-postgres#2439). The query it was running has already failed with it, and
  // the pool discards the client when it comes back, so there is nothing more to do.
  pool.on('connect', (client) => client.on('error', () => undefined));
  serverUrls.set(db, url);
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: connection }), { migrationsFolder });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}
