import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../../../tests/support/accounts';
import { placed } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { createSecondInstance, createTestApp, send, type TestApp } from '../../../../tests/support/test-app';
import { ensureWebBuild, WEB_BUILD } from '../../../../tests/support/web-build';
import { devices } from '../../db/schema';

// Two instances of the store on one PostgreSQL database, each with its own catalog cache: a change made
// through one empties the other's through LISTEN/NOTIFY (docs/decisions/058). An instance that did not
// hear would serve its cached reply for 60 seconds at least, so "within a second" tells the two apart.
// PGlite is one process: there is no second instance to tell.

/** Asks `check` every 20 ms until it holds; the milliseconds that took, or a failure after `withinMs`. */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await sleep(20);
  }
  return Date.now() - started;
}

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });
const apiPrice = async (t: TestApp, id: string) =>
  ((await get(t, `/api/devices/${id}`)).json() as { price: number }).price;
/** The first object with this id anywhere in `value`. */
function findById(value: unknown, id: string): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null) return null;
  if ((value as { id?: unknown }).id === id) return value as Record<string, unknown>;
  for (const inner of Object.values(value)) {
    const found = findById(inner, id);
    if (found) return found;
  }
  return null;
}

/** The price the server-rendered page shows (the data it hydrates from), or null when the device is not on it. */
const pagePrice = async (t: TestApp, url: string, id: string) => {
  const res = await get(t, url);
  expect(res.statusCode, url).toBe(200);
  const block = /<script type="application\/json" id="quickbuy-page">(.*?)<\/script>/.exec(res.body)?.[1];
  expect(block, url).toBeDefined();
  const device = findById(JSON.parse(block!), id);
  return device ? (device.price as number) : null;
};

describe.runIf(process.env.TEST_DATABASE_URL)('the catalog cache across instances (decision 058)', () => {
  let a: TestApp;
  let b: TestApp;
  let adminCookie: string;
  /** The database administrator's own connection, outside both apps. */
  let dba: pg.Client;
  beforeAll(async () => {
    ensureWebBuild();
    a = await createTestApp(WEB_BUILD);
    b = await createSecondInstance(a);
    adminCookie = (await signedInAdmin(a)).cookie;
    dba = new pg.Client({ connectionString: a.database.url });
    await dba.connect();
  }, 300_000);
  afterAll(async () => {
    await dba?.end();
    await b?.close();
    await a?.close();
  });

  /** The backends of this database listening for catalog changes (db/notifications.ts names them). */
  async function listeners(): Promise<number[]> {
    const { rows } = await dba.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and application_name = 'quickbuy listen quickbuy_catalog'`,
    );
    return rows.map((row) => row.pid).sort();
  }

  const changePrice = async (id: string, price: number) => {
    const res = await send(a.app, 'PATCH', `/api/admin/devices/${id}`, { cookie: adminCookie, body: { price } });
    expect(res.statusCode).toBe(200);
  };

  it("shows a price changed through A on B's /buy, device page and API within a second", async () => {
    const [device] = await insertDevices(a.db, [{ brand: 'Nokia', model: 'G42', price: 11_111 }]);
    const id = device!.id;
    // B reads (and keeps) the old price everywhere first.
    expect(await apiPrice(b, id)).toBe(11_111);
    expect(await pagePrice(b, '/buy', id)).toBe(11_111);
    expect(await pagePrice(b, `/device/${id}`, id)).toBe(11_111);

    await changePrice(id, 22_222);
    const took = await within(1_000, async () => (await apiPrice(b, id)) === 22_222);
    expect(took).toBeLessThan(1_000);
    expect(await pagePrice(b, '/buy', id)).toBe(22_222);
    expect(await pagePrice(b, `/device/${id}`, id)).toBe(22_222);
  });

  it('shows stock taken by a checkout on A, and a device taken off sale through A, on B within a second', async () => {
    const [device] = await insertDevices(a.db, [{ brand: 'Nokia', model: 'G60', quantity: 3 }]);
    const id = device!.id;
    const quantity = async () => ((await get(b, `/api/devices/${id}`)).json() as { quantity: number }).quantity;
    expect(await quantity()).toBe(3);
    await placed(a, [{ deviceId: id, quantity: 1 }]);
    await within(1_000, async () => (await quantity()) === 2);

    expect(await pagePrice(b, '/buy', id)).not.toBeNull();
    const res = await send(a.app, 'PATCH', `/api/admin/devices/${id}`, {
      cookie: adminCookie,
      body: { inStock: false },
    });
    expect(res.statusCode).toBe(200);
    await within(1_000, async () => (await pagePrice(b, '/buy', id)) === null);
  });

  it('listens again after its connection is ended (as by a database restart), emptying the cache then', async () => {
    const [device] = await insertDevices(a.db, [{ brand: 'Nokia', model: 'X30', price: 30_000 }]);
    const id = device!.id;
    expect(await apiPrice(b, id)).toBe(30_000);
    // A change nobody announces (a row written straight into the database): B keeps its cached reply.
    await a.db.update(devices).set({ price: 30_001 }).where(eq(devices.id, id));
    expect(await apiPrice(b, id)).toBe(30_000);

    const before = await listeners();
    expect(before).toHaveLength(2);
    await dba.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
    // Connected again, B empties its cache, since whatever was announced meanwhile was missed.
    await within(2_000, async () => (await apiPrice(b, id)) === 30_001);
    await within(2_000, async () => {
      const now = await listeners();
      return now.length === 2 && now.every((pid) => !before.includes(pid));
    });
    // And hears the next change.
    await changePrice(id, 30_002);
    await within(1_000, async () => (await apiPrice(b, id)) === 30_002);
  });

  it('stops listening when the instance closes', async () => {
    const c = await createSecondInstance(a);
    expect(await listeners()).toHaveLength(3);
    await c.close();
    await within(1_000, async () => (await listeners()).length === 2);
  });
});
