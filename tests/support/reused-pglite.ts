import type { PGlite } from '@electric-sql/pglite';
import { createPglite, pgliteConnection, type DatabaseConnection, type OpenOptions } from '../../src/server/db/client';

/*
 * A fresh PGlite costs about 0.7 s of CPU (the migrated data directory, 43 MB, copied into the engine's memory and
 * PostgreSQL started in WebAssembly), and the suite makes over a hundred. A test database that is given back is
 * emptied instead (the session discarded, every table truncated, every sequence restarted) and becomes the next
 * test database of the same worker: the same migrated tables, with no row and no session state of the test before.
 * An engine whose tables a test changed (a table renamed or dropped, a column added) is closed, not reused.
 */

interface Engine {
  client: PGlite;
  /** The relations (tables, indexes, sequences) as the migrations made them, and the migrations recorded. */
  shape: string;
  /** Every table truncated and every sequence set back, as one script: its tables are the shape's, so made once. */
  emptying: string;
}

/** Emptied engines waiting for this worker's next test database; files run one after the other in a worker. */
const idle: Engine[] = [];
const KEEP_IDLE = 2;

const SHAPE = `select string_agg(format('%s.%s:%s:%s:%s', n.nspname, c.relname, c.relkind, c.relnatts, c.relchecks), ','
    order by n.nspname, c.relname) || ':' || (select count(*) from drizzle.__drizzle_migrations)
  from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')`;

const EMPTYING = `select 'TRUNCATE ' || string_agg(format('%I.%I', schemaname, tablename), ', ') || ' CASCADE; '
    || 'select setval(format(''%I.%I'', schemaname, sequencename), start_value, false) '
    || 'from pg_sequences where schemaname = ''public'''
  from pg_tables where schemaname = 'public'`;

/** The one value `query` answers. */
async function valueOf(client: PGlite, query: string): Promise<string> {
  const { rows } = await client.query<{ value: string }>(`select (${query}) as value`);
  return rows[0]!.value;
}

/**
 * A connection to an empty migrated PGlite database: an engine a test gave back, or a new one from `snapshot`
 * (migrated as the store migrates it when there is none). `close()` gives the engine back.
 */
export async function reusedPglite(snapshot: Blob | undefined, options: OpenOptions): Promise<DatabaseConnection> {
  let engine = idle.pop();
  if (!engine) {
    const client = await createPglite({ snapshot });
    await pgliteConnection(client).migrate();
    engine = { client, shape: await valueOf(client, SHAPE), emptying: await valueOf(client, EMPTYING) };
  }
  const taken = engine;
  const lease = leased(taken.client);
  return {
    ...pgliteConnection(lease.client, options),
    close: async () => {
      if (lease.revoke()) await giveBack(taken);
    },
  };
}

/**
 * The engine as one test database: once given back it answers as a closed engine does, so a test that drops its
 * database sees it gone, and nothing a test left running reaches the next test's rows.
 */
function leased(client: PGlite): { client: PGlite; revoke(): boolean } {
  let open = true;
  return {
    client: new Proxy(client, {
      get(target, property) {
        if (!open) throw new Error('PGlite is closed');
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }),
    revoke() {
      const wasOpen = open;
      open = false;
      return wasOpen;
    },
  };
}

async function giveBack(engine: Engine): Promise<void> {
  if (idle.length < KEEP_IDLE && (await emptied(engine))) idle.push(engine);
  else if (!engine.client.closed) await engine.client.close();
}

/** Empties the engine; false when it cannot be reused (it is closed, or its tables are not the migrations' now). */
async function emptied({ client, shape, emptying }: Engine): Promise<boolean> {
  try {
    if (client.isInTransaction()) await client.exec('ROLLBACK');
    // Prepared statements, settings, advisory locks and LISTENs of the test before; alone, as it may not run in a
    // transaction, which the script's statements share.
    await client.exec('DISCARD ALL');
    await client.exec(emptying);
    return (await valueOf(client, SHAPE)) === shape;
  } catch {
    return false;
  }
}
