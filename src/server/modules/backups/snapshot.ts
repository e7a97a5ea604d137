import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { createPglite, pgliteOf, serverUrlOf, type Database } from '../../db/client';
import { pgliteSession, postgresSession, type RawSession } from '../../db/raw-session';

/*
 * One moment of a running store's database, read while the store goes on serving (docs/decisions/075).
 *
 * PostgreSQL: a connection of its own in a REPEATABLE READ, READ ONLY transaction sees the database as it was
 * when the transaction began, whatever commits meanwhile; pg_export_snapshot() names that moment so pg_dump
 * reads the same one.
 *
 * PGlite: one connection inside the store's own process, so no second transaction can run beside the store's.
 * Its dumpDataDir tars the data directory between two statements (it waits its turn on the engine, and no
 * statement runs while it copies): a crash image, which a second PGlite opened on the copy recovers as any
 * PostgreSQL recovers from a crash, with every committed transaction and none of those open. The store waits
 * only for the copy (about a second per 40 MB of data directory); the backup then reads the recovered copy at
 * its own pace.
 */

export interface DatabaseMoment {
  session: RawSession;
  /** The server's version string: PGlite runs PostgreSQL 18. */
  serverVersion: string;
  /** PostgreSQL: the moment's name for pg_dump (`--snapshot`) and the server's URL; null on PGlite. */
  exported: { snapshot: string; url: string; serverMajor: number } | null;
}

/** Runs `work` on one moment of `db`'s database; a PGlite copy lives in a folder under `workDir` meanwhile. */
export async function atOneMoment<T>(
  db: Database,
  workDir: string,
  work: (moment: DatabaseMoment) => Promise<T>,
): Promise<T> {
  const engine = pgliteOf(db);
  if (engine) {
    const tarball = await engine.dumpDataDir('none');
    const folder = await mkdtemp(path.join(workDir, '.snapshot-'));
    try {
      const session = await pgliteSession(await createPglite({ dataDir: folder, snapshot: tarball }), { owned: true });
      try {
        return await work({ session, serverVersion: await serverVersion(session), exported: null });
      } finally {
        await session.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
  const url = serverUrlOf(db)!;
  const session = await postgresSession(url);
  try {
    await session.exec('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const [[snapshot]] = (await session.rows('select pg_export_snapshot()')) as [[string]];
    const [[versionNumber]] = (await session.rows("select current_setting('server_version_num')")) as [[string]];
    const serverMajor = Math.floor(Number(versionNumber) / 10_000);
    const result = await work({
      session,
      serverVersion: await serverVersion(session),
      exported: { snapshot, url, serverMajor },
    });
    await session.exec('COMMIT');
    return result;
  } finally {
    await session.close();
  }
}

async function serverVersion(session: RawSession): Promise<string> {
  const [[version]] = (await session.rows("select current_setting('server_version')")) as [[string]];
  return version;
}

/** Any fixed 64-bit number, apart from the migrations' own: the advisory lock one backup at a time holds. */
export const BACKUP_LOCK_ID = 727_001_2075;
const queues = new WeakMap<object, Promise<unknown>>();
const running = new WeakSet<object>();

/**
 * Runs `work` while no other backup of this database runs: on PostgreSQL an advisory lock held by a connection of
 * its own (every instance of a cluster takes the same one, and a crashed instance's lock goes with its
 * connection); on PGlite, one at a time in this process, which alone owns the data directory. `wait: false` gives
 * up at once when another holds it, answering null (the schedule); `wait: true` waits its turn (a command).
 */
export async function oneBackupAtATime<T>(
  db: Database,
  { wait }: { wait: boolean },
  work: () => Promise<T>,
): Promise<T | null> {
  const engine = pgliteOf(db);
  if (engine) {
    if (!wait && running.has(engine)) return null;
    const previous = queues.get(engine) ?? Promise.resolve();
    const mine = previous.then(async () => {
      running.add(engine);
      try {
        return await work();
      } finally {
        running.delete(engine);
      }
    });
    queues.set(
      engine,
      mine.catch(() => undefined),
    );
    return mine;
  }
  const session = await postgresSession(serverUrlOf(db)!);
  try {
    if (wait) await session.rows('select pg_advisory_lock($1)', [BACKUP_LOCK_ID]);
    else {
      const [[got]] = (await session.rows('select pg_try_advisory_lock($1)', [BACKUP_LOCK_ID])) as [[boolean]];
      if (!got) return null;
    }
    return await work();
  } finally {
    // Closing the connection lets the lock go.
    await session.close();
  }
}
