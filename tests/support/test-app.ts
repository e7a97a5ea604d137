import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, type Database, type DatabaseConnection, type OpenOptions } from '../../src/server/db/client';
import { fixedClock } from '../../src/server/lib/clock';
import { reusedPglite } from './reused-pglite';
import { createServerDatabase } from './server-databases';
import { NO_WEB_BUILD } from './server-process';

export interface TestDatabase {
  connection: DatabaseConnection;
  db: Database;
  /** The postgres:// URL of this test's own database, when the suite runs on a PostgreSQL server. */
  url?: string;
  drop(): Promise<void>;
}

let snapshot: Blob | undefined;

/** The suite's migrated PGlite tarball, read once a worker (its files share the module). */
function migratedSnapshot(): Blob | undefined {
  const file = process.env.QUICKBUY_PGLITE_SNAPSHOT;
  if (file) snapshot ??= new Blob([readFileSync(file)]);
  return snapshot;
}

/**
 * An empty database built by the real migrations: in-memory PGlite by default (an engine another test of
 * this worker gave back, emptied: tests/support/reused-pglite.ts), or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (set by scripts/with-postgres.mjs). Both start from the suite's one
 * migrated copy when there is one, and migrate whatever it lacks. `drop()` makes it unreachable to the test.
 */
export async function createTestDatabase(options: OpenOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const connection = await reusedPglite(migratedSnapshot(), options);
    return { connection, db: connection.db, drop: () => connection.close() };
  }
  // A copy of the migrated template tests/setup/migrated-database.ts made, when there is one.
  const database = await createServerDatabase(serverUrl, 'qb_test', process.env.QUICKBUY_PG_TEMPLATE);
  const connection = await openDatabase({ url: database.url }, options);
  await connection.migrate();
  return {
    connection,
    db: connection.db,
    url: database.url,
    drop: async () => {
      await connection.close();
      await database.drop();
    },
  };
}

export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // The app is handed its database: nothing opens DATA_DIR, so no folder is made for it.
    DATA_DIR: path.join(tmpdir(), 'quickbuy-no-data-dir'),
    ...NO_WEB_BUILD,
    SEED_DEMO_DATA: 'false',
    // Tests play several clients by setting X-Forwarded-For, as the one load balancer in front would.
    TRUST_PROXY: '1',
    // The same scrypt, 32 times cheaper, and answers as soon as they are ready (the timing floors are a
    // quarter of the API tests' time otherwise), wherever the config allows it (not on an https store):
    // sign-ups and sign-ins are most of what the API tests do. The floors' own tests turn them on.
    ...(/^https:/i.test(env.PUBLIC_URL ?? '') ? {} : { PASSWORD_WORK: 'light', TIMING_FLOORS: 'off' }),
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  clock: ReturnType<typeof fixedClock>;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, with a clock the test controls; `options` as openDatabase takes them
 * (a logger to hear its statements).
 */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  options: OpenOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options);
  const config = testConfig(env);
  const clock = fixedClock(new Date('2026-11-22T10:00:00Z'));
  const app = await buildApp({ config, db: database.db, clock, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    clock,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * A second instance of `t`'s app on its PostgreSQL database, as another process behind the same load
 * balancer would be: its own pool, catalog cache, rate-limit plugin and LISTEN connection; the same
 * config and clock; `options` as openDatabase takes them (a logger to hear its statements). Close it before `t`.
 */
export async function createSecondInstance(t: TestApp, options: OpenOptions = {}): Promise<TestApp> {
  if (!t.database.url) throw new Error('a second instance needs a PostgreSQL server (TEST_DATABASE_URL)');
  const connection = await openDatabase({ url: t.database.url }, options);
  const app = await buildApp({ config: t.config, db: connection.db, clock: t.clock, logger: false });
  await app.ready();
  const close = async () => {
    await app.close();
    await connection.close();
  };
  return {
    app,
    db: connection.db,
    config: t.config,
    clock: t.clock,
    database: { connection, db: connection.db, url: t.database.url, drop: close },
    close,
  };
}

/**
 * The real app on a fresh database for the tests of one file or describe block: made before its
 * first test, closed after its last. Read it inside tests only (it is filled in by then).
 */
export function useTestApp(env: Record<string, string | undefined> = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env));
  });
  afterAll(() => t.close());
  return t;
}

/** The header our own pages send on every state-changing request. */
export const OUR_PAGE = { 'x-quickbuy-request': '1' } as const;

/** app.inject as our web app calls it: JSON body, the CSRF header, an optional session cookie. */
export function send(
  app: FastifyInstance,
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = {
    method,
    url,
    headers: { ...OUR_PAGE, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  };
  if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
  return app.inject(request);
}
