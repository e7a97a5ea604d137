import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, pgliteOf } from '../../src/server/db/client';
import { createServerDatabase } from '../support/server-databases';

/**
 * Vitest global setup: migrate one database, once, for every test file to copy. On PGlite a tarball each
 * new engine starts from (about 0.6 s instead of 3 s to initialise and migrate), and a spawned store's data
 * folder is unpacked from (tests/support/server-process.ts); on a PostgreSQL server
 * (TEST_DATABASE_URL) a template database each fresh one is created from, a file copy instead of the
 * migrations' hundreds of statements.
 */
export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return migrateTemplate(serverUrl);
  const connection = await openDatabase({ memory: true });
  await connection.migrate();
  // Not compressed: a fresh database unpacks it about 0.3 s (of 0.9) sooner, and a hundred-odd are made a run.
  const snapshot = await pgliteOf(connection.db)!.dumpDataDir('none');
  await connection.close();
  const file = path.join(tmpdir(), `quickbuy-pglite-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  process.env.QUICKBUY_PGLITE_SNAPSHOT = file;
  return () => rmSync(file, { force: true });
}

async function migrateTemplate(serverUrl: string) {
  const template = await createServerDatabase(serverUrl, 'qb_template');
  const connection = await openDatabase({ url: template.url });
  await connection.migrate();
  // Nobody may be connected to a template while it is copied.
  await connection.close();
  process.env.QUICKBUY_PG_TEMPLATE = template.name;
  return template.drop;
}
