import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAID_ORDER_STATEMENTS,
  pgliteDriver,
  pgPoolDriver,
  placeAndPay,
  type BareDriver,
} from '../../../../bench/_paid-order';
import { paid } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { createTestDatabase, testConfig, type TestApp, type TestDatabase } from '../../../../tests/support/test-app';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { devices, orders, outboxEmails, payments } from '../../db/schema';
import { fixedClock } from '../../lib/clock';

/*
 * The checkout bench's floor (bench/_paid-order.ts) replays the statements of a paid order without the
 * store. These tests keep it honest: the store, asked for a paid order, issues exactly those statements
 * in that order, and the floor's replay leaves a paid order behind. A change to the flow's SQL fails here
 * until bench/_paid-order.ts is changed with it.
 */

/** The store's app on a database whose Drizzle records every statement it sends (BEGIN and COMMIT aside). */
async function recordingApp() {
  const statements: string[] = [];
  const logger = {
    logQuery: (query: string) => {
      if (!/^(begin|commit|rollback)$/i.test(query.trim())) statements.push(query);
    },
  };
  let driver: BareDriver;
  let db: PgDatabase<PgQueryResultHKT, typeof schema>;
  let close: () => Promise<void>;
  let database: TestDatabase | undefined;
  if (process.env.TEST_DATABASE_URL) {
    database = await createTestDatabase();
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    db = drizzlePg({ client: pool, schema, logger });
    driver = pgPoolDriver(pool);
    close = async () => {
      await pool.end();
      await database!.drop();
    };
  } else {
    const snapshot = process.env.QUICKBUY_PGLITE_SNAPSHOT;
    const client = await PGlite.create({
      extensions: { pg_trgm },
      loadDataDir: snapshot ? new Blob([readFileSync(snapshot)]) : undefined,
    });
    db = drizzlePglite({ client, schema, logger });
    if (!snapshot) {
      await migrate(db as never, {
        migrationsFolder: fileURLToPath(new URL('../../db/migrations', import.meta.url)),
      });
    }
    driver = pgliteDriver(client);
    close = () => client.close();
  }
  const clock = fixedClock(new Date('2026-11-22T10:00:00Z'));
  const app = await buildApp({ config: testConfig(), db: db as Database, clock, logger: false });
  await app.ready();
  const t = { app, db, clock } as unknown as TestApp;
  return {
    t,
    driver,
    statements,
    close: async () => {
      await app.close();
      await close();
    },
  };
}

describe('the checkout floor', () => {
  let recording: Awaited<ReturnType<typeof recordingApp>>;
  beforeAll(async () => {
    recording = await recordingApp();
  });
  afterAll(() => recording.close());

  it('replays exactly the statements the store issues for a paid order, in its order', async () => {
    const { t, statements } = recording;
    const [device] = await insertDevices(t.db, [{ quantity: 10, imageCount: 1 }]);
    // The first paid order of a process also stores the link-signing key, once: not a paid order's work.
    await paid(t, [{ deviceId: device!.id, quantity: 1 }]);
    t.clock.advance(1000);
    statements.length = 0;
    await paid(t, [{ deviceId: device!.id, quantity: 1 }]);
    expect(statements).toEqual(PAID_ORDER_STATEMENTS);
  });

  it("leaves what the store's paid order leaves: stock taken, the order paid, its payment and email", async () => {
    const { t, driver } = recording;
    const [device] = await insertDevices(t.db, [{ quantity: 10, imageCount: 1 }]);
    const steps: string[] = [];
    await placeAndPay(
      driver,
      {
        deviceId: device!.id,
        quantity: 2,
        clientAddress: '127.1.0.1',
        orderNumber: 'ORD-2026-900001',
        now: new Date('2026-11-22T10:05:00Z'),
      },
      (step) => steps.push(step),
    );
    expect(steps).toEqual(['checkout', 'charge', 'verify']);
    const [stock] = await t.db.select({ quantity: devices.quantity }).from(devices).where(eq(devices.id, device!.id));
    expect(stock!.quantity).toBe(8);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, 'ORD-2026-900001'));
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'paid', reservedUntil: null });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(payment).toMatchObject({ status: 'success', amount: order!.totalAmount * 100 });
    const emails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.entityId, 'ORD-2026-900001'));
    expect(emails.map((email) => email.kind)).toEqual(['order_confirmation']);
  });
});
