import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidOrderStatements, pgliteDriver, pgPoolDriver, placeAndPay } from '../../../../bench/_paid-order';
import { paid } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { createTestDatabase, testConfig, type TestApp } from '../../../../tests/support/test-app';
import { buildApp } from '../../app';
import { devices, orders, outboxEmails, payments } from '../../db/schema';
import { fixedClock } from '../../lib/clock';

/*
 * The checkout bench's floor (bench/_paid-order.ts) replays the statements of a paid order without the
 * store. These tests keep it honest: the store, asked for a paid order, issues exactly those statements
 * in that order, and the floor's replay leaves a paid order behind. A change to the flow's SQL fails here
 * until bench/_paid-order.ts is changed with it.
 */

/**
 * The store's app on a database opened as the store opens it, whose Drizzle records every statement it sends
 * (BEGIN and COMMIT aside), and the bare driver on the very same client.
 */
async function recordingApp() {
  const statements: string[] = [];
  const logger = {
    logQuery: (query: string) => {
      if (!/^(begin|commit|rollback)$/i.test(query.trim())) statements.push(query);
    },
  };
  const database = await createTestDatabase({ logger });
  const engine = database.connection.engine;
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const driver = engine === 'pglite' ? pgliteDriver(client as PGlite) : pgPoolDriver(client as pg.Pool);
  const clock = fixedClock(new Date('2026-11-22T10:00:00Z'));
  const app = await buildApp({ config: testConfig(), db: database.db, clock, logger: false });
  await app.ready();
  const t = { app, db: database.db, clock } as unknown as TestApp;
  return {
    t,
    engine,
    driver,
    statements,
    close: async () => {
      await app.close();
      await database.drop();
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
    // The rate limits' counters (PostgreSQL) guard the HTTP edge, not the order: they are the store's own cost,
    // which the ratio to the floor measures.
    const orderStatements = statements.filter((statement) => !statement.includes('"rate_limit_counters"'));
    expect(orderStatements).toEqual(paidOrderStatements(recording.engine));
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
