import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountOrder } from '../../../shared/accounts';
import { buildApp } from '../../app';
import { createPglite, openDatabase, type Database } from '../../db/client';
import { openRawSession, pgliteSession, postgresSession } from '../../db/raw-session';
import { imageVariants, images } from '../../db/schema';
import { CUSTOMER_PASSWORD, newAddress, sessionCookie } from '../../../../tests/support/accounts';
import {
  backUpNow,
  emptyTarget,
  removeAll,
  restoreIntoEmpty,
  suiteEngine,
} from '../../../../tests/support/backup-targets';
import { seedStore, type StoreData } from '../../../../tests/support/store-data';
import { send, testConfig, useTestApp } from '../../../../tests/support/test-app';
import { findPgTool, runPgRestore } from './pg-dump';
import type { RestoreTarget } from './restore';
import { tableFingerprints, type TableFingerprint } from './table-rows';
import type { BackupResult } from './take-backup';

/*
 * The round trip on the suite's engine (PGlite, or PostgreSQL under scripts/with-postgres.mjs), and across engines
 * when a PostgreSQL server is there: a store with orders, payments, trade-ins with photos, repairs and audit
 * entries is backed up, restored into a fresh database, and compared table by table and image by image; then the
 * restored store serves its customer.
 */

const t = useTestApp();
let data: StoreData;
let source: TableFingerprint[];

beforeAll(async () => {
  data = await seedStore(t);
  source = await fingerprintsOf(t.db);
});
afterAll(removeAll);

async function fingerprintsOf(db: Database): Promise<TableFingerprint[]> {
  const session = await openRawSession(db);
  try {
    return await tableFingerprints(session);
  } finally {
    await session.close();
  }
}

async function fingerprintsAt(target: RestoreTarget): Promise<TableFingerprint[]> {
  const session =
    'url' in target
      ? await postgresSession(target.url)
      : await pgliteSession(await createPglite({ dataDir: target.dataDir }), { owned: true });
  try {
    return await tableFingerprints(session);
  } finally {
    await session.close();
  }
}

/** Every image and variant's bytes, by id (and width). */
async function imageBytes(db: Database): Promise<Map<string, Buffer>> {
  const stored = await db.select({ id: images.id, data: images.data }).from(images).orderBy(asc(images.id));
  const variants = await db
    .select({ id: imageVariants.imageId, width: imageVariants.width, data: imageVariants.data })
    .from(imageVariants);
  return new Map([
    ...stored.map((row) => [row.id, row.data] as const),
    ...variants.map((row) => [`${row.id}@${row.width}`, row.data] as const),
  ]);
}

/** Opens the restored database as the store does and asks it what a customer would. */
async function customerSeesOrders(target: RestoreTarget) {
  const connection = await openDatabase(target);
  try {
    await connection.migrate();
    const app = await buildApp({ config: testConfig(), db: connection.db, clock: t.clock, logger: false });
    try {
      const signIn = await send(app, 'POST', '/api/auth/signin', {
        body: { email: data.customer.email, password: CUSTOMER_PASSWORD },
        headers: { 'x-forwarded-for': newAddress() },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const orders = (await send(app, 'GET', '/api/account/orders', { cookie: sessionCookie(signIn) })).json() as {
        orders: AccountOrder[];
      };
      expect(orders.orders.map((o) => o.orderNumber)).toContain(data.orders.customerPaid);
      const tradeIns = (await send(app, 'GET', '/api/account/trade-ins', { cookie: sessionCookie(signIn) })).json() as {
        tradeIns: { transactionNumber: string; status: string }[];
      };
      expect(tradeIns.tradeIns).toEqual([expect.objectContaining({ transactionNumber: data.tradeIn, status: 'Paid' })]);
      return await imageBytes(connection.db);
    } finally {
      await app.close();
    }
  } finally {
    await connection.close();
  }
}

describe('npm run backup, then npm run restore', { timeout: 180_000 }, () => {
  it('holds every table the store has, with rows in each that matters', () => {
    const byName = Object.fromEntries(source.map((table) => [table.name, table.rows]));
    for (const table of [
      'users',
      'orders',
      'order_items',
      'payments',
      'trade_ins',
      'trade_in_payouts',
      'trade_in_images',
      'images',
      'repair_bookings',
      'audit_log',
      'outbox_emails',
      'sessions',
    ]) {
      expect(byName[table], table).toBeGreaterThan(0);
    }
  });

  it(`restores every table and image exactly into a fresh ${suiteEngine()} database, and the customer signs in and sees their orders`, async () => {
    const before = await fingerprintsOf(t.db);
    const backup = await backUpNow(t.db, t.clock);
    expect(backup.tables).toBe(source.length);
    expect(readFileSync(backup.files.at(-1)!, 'utf8')).toMatch(/^[0-9a-f]{64} {2}quickbuy-.+\.backup\.gz\n/);
    const target = await restoreIntoEmpty(suiteEngine(), backup);
    expect(await fingerprintsAt(target)).toEqual(before);
    const restoredImages = await customerSeesOrders(target);
    const originalImages = await imageBytes(t.db);
    expect(originalImages.size).toBeGreaterThanOrEqual(5);
    expect([...restoredImages.keys()].sort()).toEqual([...originalImages.keys()].sort());
    for (const [id, bytes] of originalImages) expect(restoredImages.get(id)!.equals(bytes), id).toBe(true);
  });

  it.runIf(suiteEngine() === 'postgres')(
    "writes pg_dump's custom format of the same moment beside it, which pg_restore makes into the same rows",
    async () => {
      const before = await fingerprintsOf(t.db);
      const backup = await backUpNow(t.db, t.clock);
      expect(backup.pgDump).toBe('written');
      const dump = backup.files.find((file) => file.endsWith('.pgdump'))!;
      expect(readFileSync(backup.files.at(-1)!, 'utf8')).toContain(` ${path.basename(dump)}\n`);
      const target = (await emptyTarget('postgres')) as { url: string };
      await runPgRestore({ tool: (await findPgTool('pg_restore'))!, url: target.url, file: dump });
      expect(await fingerprintsAt(target)).toEqual(before);
    },
  );

  it.runIf(suiteEngine() === 'postgres')(
    'moves a PostgreSQL store into PGlite and back, every table equal each way',
    async () => {
      const onServer = await fingerprintsOf(t.db);
      const fromServer = await backUpNow(t.db, t.clock);
      const inPglite = await restoreIntoEmpty('pglite', fromServer);
      expect(await fingerprintsAt(inPglite)).toEqual(onServer);
      await customerSeesOrders(inPglite);

      const pglite = await openDatabase(inPglite);
      let inPgliteNow: TableFingerprint[];
      let fromPglite: BackupResult;
      try {
        inPgliteNow = await fingerprintsOf(pglite.db);
        fromPglite = await backUpNow(pglite.db, t.clock);
      } finally {
        await pglite.close();
      }
      const backOnServer = await restoreIntoEmpty('postgres', fromPglite);
      expect(await fingerprintsAt(backOnServer)).toEqual(inPgliteNow);
      await customerSeesOrders(backOnServer);
    },
  );
});
