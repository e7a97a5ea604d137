import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteOf, serverUrlOf, type Database } from './client';

/**
 * A connection for statements Drizzle does not build (a backup's reads of every table, a restore's loads): rows
 * come back as arrays, in the order the statement names its columns. One engine or the other behind it, as with
 * `Database`.
 */
export interface RawSession {
  engine: 'pglite' | 'postgres';
  /** One statement with `$n` parameters; each row an array of its values. */
  rows(text: string, params?: unknown[]): Promise<unknown[][]>;
  /** Statements without parameters, several at once allowed. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Every value a session reads as text looks the same on both engines and any server's defaults: times in UTC
 * and ISO form, bytea in hex, floats exact. A backup's checksums compare rows by that text.
 */
const STABLE_TEXT = [
  "SET TimeZone TO 'UTC'",
  "SET DateStyle TO 'ISO, YMD'",
  "SET IntervalStyle TO 'postgres'",
  'SET extra_float_digits TO 3',
  "SET bytea_output TO 'hex'",
].join(';\n');

/**
 * A session over a PGlite engine. `owned`: the session is the engine's only user and closes it, and its settings
 * are made stable; otherwise (the running store's own engine, in tests) it borrows the engine as it is, whose
 * defaults already read so (UTC, ISO, hex), and leaves it open.
 */
export async function pgliteSession(engine: PGlite, { owned }: { owned: boolean }): Promise<RawSession> {
  if (owned) await engine.exec(STABLE_TEXT);
  return {
    engine: 'pglite',
    rows: async (text, params) => (await engine.query<unknown[]>(text, params, { rowMode: 'array' })).rows,
    exec: async (text) => {
      await engine.exec(text);
    },
    close: async () => {
      if (owned) await engine.close();
    },
  };
}

/** A connection of its own to the PostgreSQL server at `url`, outside any pool, its settings made stable. */
export async function postgresSession(url: string): Promise<RawSession> {
  const client = new pg.Client({ connectionString: url });
  // A connection the server drops is reported by the statement that fails; unheard, the event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  await client.query(STABLE_TEXT);
  return {
    engine: 'postgres',
    rows: async (text, params) => (await client.query<unknown[]>({ text, values: params, rowMode: 'array' })).rows,
    exec: async (text) => {
      await client.query(text);
    },
    close: () => client.end(),
  };
}

/** A raw session on the database behind `db`: its own PGlite engine, borrowed, or a new connection to its server. */
export async function openRawSession(db: Database): Promise<RawSession> {
  const engine = pgliteOf(db);
  if (engine) return pgliteSession(engine, { owned: false });
  const url = serverUrlOf(db);
  if (!url) throw new Error('openRawSession: a database opened without openDatabase');
  return postgresSession(url);
}
