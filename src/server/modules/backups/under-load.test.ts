import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { images } from '../../db/schema';
import { openRawSession, type RawSession } from '../../db/raw-session';
import { backUpNow, removeAll, restoreIntoEmpty, suiteEngine } from '../../../../tests/support/backup-targets';
import { charge, checkout, verify } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { useTestApp } from '../../../../tests/support/test-app';

/*
 * A backup taken while shoppers check out and pay, on the suite's engine: the store keeps serving (orders are
 * placed and paid while the backup runs), nothing acknowledged is lost from the store, and the backup is one
 * moment: everything acknowledged before it began is in it, each device's stock adds up with the orders holding
 * it, and each paid order has its one payment.
 */

const t = useTestApp({ MAX_HELD_UNITS_PER_ADDRESS: '1000' });
const SHOPPERS = 4;
let deviceIds: string[];
const INITIAL = 100_000;

beforeAll(async () => {
  deviceIds = (
    await insertDevices(
      t.db,
      [1, 2, 3].map(() => ({ quantity: INITIAL, price: 1000 })),
    )
  ).map((d) => d.id);
  // Some weight for the backup to carry (stored images are rows of the database): about 12 MB.
  for (let i = 0; i < 60; i++) {
    await t.db
      .insert(images)
      .values({ contentType: 'image/webp', width: 640, height: 480, data: randomBytes(200_000) });
  }
});
afterAll(removeAll);

interface Acknowledged {
  orderNumber: string;
  /** performance.now() when the store answered. */
  at: number;
  paidAt: number | null;
}

/** One shopper: places an order, pays it, verifies it, again and again until told to stop. */
async function shop(stop: { now: boolean }, acknowledged: Acknowledged[], failures: string[]) {
  let n = 0;
  while (!stop.now) {
    const deviceId = deviceIds[n++ % deviceIds.length]!;
    const placed = await checkout(t, [{ deviceId, quantity: 1 }]);
    if (placed.statusCode !== 201) {
      failures.push(`checkout ${placed.statusCode} ${placed.body}`);
      return;
    }
    const order: Acknowledged = { orderNumber: placed.json().orderNumber, at: performance.now(), paidAt: null };
    acknowledged.push(order);
    const reference = placed.json().payment.reference as string;
    const charged = await charge(t, reference);
    if (charged.statusCode !== 200) failures.push(`charge ${charged.statusCode} ${charged.body}`);
    const verified = await verify(t, reference);
    if (verified.statusCode === 200 && verified.json().status === 'paid') order.paidAt = performance.now();
    else failures.push(`verify ${verified.statusCode} ${verified.body}`);
  }
}

const rowsOf = async (session: RawSession, text: string, params: unknown[] = []) =>
  (await session.rows(text, params)) as unknown[][];

/** What the database holds of the orders, and whether its stock and payments add up. */
async function ledger(session: RawSession) {
  const orders = new Map(
    (await rowsOf(session, 'select order_number, payment_status from orders')).map(([n, s]) => [
      n as string,
      s as string,
    ]),
  );
  const unaccounted = await rowsOf(
    session,
    `select d.id from devices d where d.id = any($1::uuid[]) and d.quantity + coalesce((
       select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
       where i.device_id = d.id and o.payment_status in ('awaiting_payment', 'paid')), 0) <> $2`,
    [deviceIds, INITIAL],
  );
  const paidWithoutOnePayment = await rowsOf(
    session,
    `select o.order_number from orders o where o.payment_status = 'paid' and (
       select count(*) from payments p where p.order_id = o.id and p.status = 'success') <> 1`,
  );
  return { orders, unaccounted, paidWithoutOnePayment };
}

async function withSession<T>(db: Database, work: (session: RawSession) => Promise<T>): Promise<T> {
  const session = await openRawSession(db);
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}

describe(`a backup under checkout load on ${suiteEngine()}`, { timeout: 240_000 }, () => {
  it('loses no order and no acknowledged payment, and holds exactly one moment of the store', async () => {
    const stop = { now: false };
    const acknowledged: Acknowledged[] = [];
    const failures: string[] = [];
    const shoppers = Array.from({ length: SHOPPERS }, () => shop(stop, acknowledged, failures));
    // Let the load get going before the backup starts.
    while (acknowledged.filter((o) => o.paidAt !== null).length < 8) {
      if (failures.length > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }

    const backupStarted = performance.now();
    const backup = await backUpNow(t.db, t.clock);
    const backupEnded = performance.now();
    // And a little after it, so the store is seen to go on.
    const during = acknowledged.filter((o) => o.at > backupStarted && o.at < backupEnded).length;
    const afterwards = acknowledged.length;
    while (acknowledged.length < afterwards + 4 && failures.length === 0) await new Promise((r) => setTimeout(r, 20));
    stop.now = true;
    await Promise.all(shoppers);

    expect(failures).toEqual([]);
    // The store served while the backup ran (on PGlite it waits only for the data directory's copy).
    expect(during, `orders placed during the ${Math.round(backupEnded - backupStarted)} ms backup`).toBeGreaterThan(0);

    const live = await withSession(t.db, ledger);
    for (const order of acknowledged) {
      expect(live.orders.get(order.orderNumber), order.orderNumber).toBe(order.paidAt ? 'paid' : 'awaiting_payment');
    }
    expect(live.unaccounted).toEqual([]);
    expect(live.paidWithoutOnePayment).toEqual([]);

    const target = await restoreIntoEmpty(suiteEngine(), backup);
    const restored = await openDatabase(target);
    try {
      const copy = await withSession(restored.db, ledger);
      for (const order of acknowledged.filter((o) => o.at < backupStarted)) {
        expect(copy.orders.has(order.orderNumber), order.orderNumber).toBe(true);
        if (order.paidAt !== null && order.paidAt < backupStarted) {
          expect(copy.orders.get(order.orderNumber), order.orderNumber).toBe('paid');
        }
      }
      // Nothing in the backup the store did not acknowledge, and nothing torn: stock and payments add up.
      for (const number of copy.orders.keys()) expect(live.orders.has(number)).toBe(true);
      expect(copy.unaccounted).toEqual([]);
      expect(copy.paidWithoutOnePayment).toEqual([]);
    } finally {
      await restored.close();
    }
  });
});
