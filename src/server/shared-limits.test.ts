import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import { count, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInAgent, signUpCustomer } from '../../tests/support/accounts';
import { nextAddress } from '../../tests/support/checkout';
import { expectRateLimited } from '../../tests/support/errors';
import { orderNumber as ord } from '../../tests/support/lookups';
import { createSecondInstance, send, useTestApp, type TestApp } from '../../tests/support/test-app';
import { rateLimitCounters } from './db/schema/rate-limit-store';
import { openDatabase, type Database } from './db/client';
import { countInTable, rateLimitStore, storedKey } from './lib/rate-limit-store';
import { REFERENCE_LIMIT } from './lib/keyed-limits';
import { apiRouteTable } from './lib/route-config';

// Every rate limit counted once for all instances (docs/decisions/059): on PostgreSQL in one table that
// every instance's rate-limit plugin writes; on PGlite (one process) in memory. The store keeps each key's
// digest, and counts in memory what the table cannot (docs/decisions/068).

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Asks one after the other, the i-th through A when i is even and through B when odd. */
async function alternating(
  instances: [TestApp, TestApp],
  n: number,
  ask: (t: TestApp, i: number) => Promise<LightMyRequestResponse>,
) {
  const replies = [];
  for (let i = 0; i < n; i++) replies.push(await ask(instances[i % 2]!, i));
  return replies;
}

const track = (t: TestApp, number: string, address: string) =>
  send(t.app, 'GET', `/api/track/${number}`, { headers: { 'x-forwarded-for': address } });

describe.runIf(process.env.TEST_DATABASE_URL)('rate limits shared by two instances on PostgreSQL', () => {
  const a = useTestApp();
  let b: TestApp;
  beforeAll(async () => {
    b = await createSecondInstance(a);
  });
  afterAll(() => b?.close());

  it('refuses the 61st track lookup in a minute from one address, whichever instance answers', async () => {
    const address = nextAddress();
    const replies = await alternating([a, b], 60, (t, i) => track(t, ord(100 + i), address));
    for (const res of replies) expect(res.statusCode).not.toBe(429);
    expect(replies[0]!.headers['x-ratelimit-limit']).toBe('60');
    expectRateLimited(await track(a, ord(200), address), 'the 61st, through A');
    expectRateLimited(await track(b, ord(201), address), 'the 62nd, through B');
    // Another address still has its own 60.
    expect((await track(b, ord(202), nextAddress())).statusCode).not.toBe(429);
  });

  it('refuses a reference looked up past its limit from many addresses, whichever instance answers', async () => {
    const number = ord(300);
    const replies = await alternating([a, b], REFERENCE_LIMIT.max, (t) => track(t, number, nextAddress()));
    for (const res of replies) expect(res.statusCode).not.toBe(429);
    expectRateLimited(await track(a, number, nextAddress()), 'through A');
    expectRateLimited(await track(b, number, nextAddress()), 'through B');
  });

  it('counts every limited route once for both instances', async () => {
    const cookies = {
      public: undefined,
      customer: (await signUpCustomer(a)).cookie,
      agent: (await signedInAgent(a)).cookie,
      admin: (await signedInAdmin(a)).cookie,
    };
    const limited = apiRouteTable(a.app).filter((route) => route.rateLimited && route.method !== 'HEAD');
    // Every family of limited routes: checkout, track, repairs, images, chat, contact, orders, trade-ins, accounts.
    for (const family of [
      'checkout',
      'track',
      'repairs',
      'admin/images',
      'chat',
      'contact',
      'orders',
      'trade-ins',
      'auth',
      'account',
    ]) {
      expect(
        limited.some((route) => route.url.startsWith(`/api/${family}`)),
        family,
      ).toBe(true);
    }
    for (const route of limited) {
      const label = `${route.method} ${route.url}`;
      const cookie = route.access === 'public' ? cookies.public : cookies[route.access[0]!];
      const address = nextAddress();
      // A new value for each path parameter each time, so no per-reference limit answers first.
      const ask = (t: TestApp, i: number) =>
        send(
          t.app,
          route.method as Method,
          route.url.replace(/:(\w+)/g, (_, name: string) => `${name}${i}`),
          {
            body: route.method === 'GET' ? undefined : {},
            cookie,
            headers: { 'x-forwarded-for': address },
          },
        );
      const first = await ask(a, 0);
      const max = Number(first.headers['x-ratelimit-limit']);
      expect(max, label).toBeGreaterThan(0);
      const rest = await alternating([b, a], max, (t, i) => ask(t, i + 1));
      for (const res of [first, ...rest.slice(0, -1)]) expect(res.statusCode, label).not.toBe(429);
      expectRateLimited(rest.at(-1)!, label);
    }
  }, 60_000); // every limited route to its limit on two instances: about 10 s here

  it("counts a request's per-address and per-reference limits in one statement", async () => {
    const counts: unknown[][] = [];
    const logger = {
      logQuery: (query: string, params: unknown[]) => {
        if (query.includes('"rate_limit_counters"')) counts.push(params);
      },
    };
    const c = await createSecondInstance(a, { logger });
    try {
      // A reference in the path (counted as the route is known) and one in the body (once it is read).
      for (const ask of [
        () => track(c, ord(400), nextAddress()),
        () =>
          send(c.app, 'POST', '/api/payments/verify', {
            body: { reference: 'QB-NO-SUCH-REFERENCE' },
            headers: { 'x-forwarded-for': nextAddress() },
          }),
      ]) {
        expect((await ask()).statusCode).toBe(404);
        expect(counts).toHaveLength(1);
        const [keys] = counts.pop() as [string[]];
        expect(keys).toHaveLength(2);
      }
    } finally {
      await c.close();
    }
  });

  it('keeps the counters in an UNLOGGED table (the migration says so by hand: drizzle-kit cannot)', async () => {
    const dba = new pg.Client({ connectionString: a.database.url });
    await dba.connect();
    try {
      const { rows } = await dba.query("select relpersistence from pg_class where relname = 'rate_limit_counters'");
      expect(rows).toEqual([{ relpersistence: 'u' }]);
    } finally {
      await dba.end();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL rate-limit store', () => {
  const t = useTestApp();

  /** A logger keeping the store's warnings. */
  function warningsLog() {
    const warnings: string[] = [];
    const log = { warn: (_: object, message: string) => warnings.push(message) } as unknown as FastifyBaseLogger;
    return { log, warnings };
  }

  type StoreOptions = { db?: Database; sweepEveryMs?: number; log?: FastifyBaseLogger };
  /** The store as app.ts makes it on PostgreSQL, a route's child of it. */
  function storeOf({ db = t.db, sweepEveryMs, log = warningsLog().log }: StoreOptions = {}) {
    const Store = rateLimitStore(log, countInTable(db, log, { sweepEveryMs }));
    return new Store({}).child({ routeInfo: { method: 'GET', url: '/api/test' } } as never);
  }
  const incr = (store: ReturnType<typeof storeOf>, key: string, windowMs: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 10),
    );
  /** `n` hits of `key` at once: their counts, lowest first. */
  const burst = async (store: ReturnType<typeof storeOf>, key: string, n: number) =>
    (await Promise.all(Array.from({ length: n }, () => incr(store, key, 60_000))))
      .map((hit) => hit.current)
      .sort((a, b) => a - b);
  const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const renameCounters = (from: string, to: string) => t.db.execute(sql.raw(`alter table ${from} rename to ${to}`));

  it('counts within a window, says how long is left, and starts again once it ends', async () => {
    const store = storeOf();
    const first = await incr(store, 'client-1', 400);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(400);
    expect((await incr(store, 'client-1', 400)).current).toBe(2);
    expect((await incr(store, 'client-2', 400)).current).toBe(1);
    await sleep(450);
    expect((await incr(store, 'client-1', 400)).current).toBe(1);
  });

  it('counts the hits asked at one moment together, each with its own count, across instances too', async () => {
    const [one, other] = [storeOf(), storeOf()];
    const hits = await Promise.all(
      Array.from({ length: 24 }, (_, i) => incr(i % 2 ? one : other, i % 3 ? `burst-${i}` : 'burst', 60_000)),
    );
    const burst = hits.filter((_, i) => i % 3 === 0).map((hit) => hit.current);
    expect(burst.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(hits.filter((_, i) => i % 3 !== 0).every((hit) => hit.current === 1)).toBe(true);
  });

  it('keeps only the digest of a key: a NUL, a lone surrogate or 10 KB counted like any other', async () => {
    const store = storeOf();
    const keys = ['nul\u0000', 'lone\ud800', 'lone\udc00', randomBytes(5_000).toString('hex'), '💸', "'); --"];
    const hits = await Promise.all(keys.flatMap((key) => [incr(store, key, 60_000), incr(store, key, 60_000)]));
    expect(hits.map((hit) => hit.current)).toEqual(keys.flatMap(() => [1, 2]));
    const stored = await t.db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(
        inArray(
          rateLimitCounters.key,
          keys.map((key) => storedKey(`GET /api/test ${key}`)),
        ),
      );
    expect(stored).toHaveLength(keys.length);
  });

  it('fails only a key the statement cannot take, counting every other key of its moment', async () => {
    const count = countInTable(t.db, warningsLog().log);
    const [before, bad, after] = await Promise.allSettled([
      count('isolated-a', 60_000),
      count('isolated-\u0000', 60_000),
      count('isolated-b', 60_000),
    ]);
    expect(bad).toMatchObject({ status: 'rejected' });
    expect([before, after]).toEqual([
      { status: 'fulfilled', value: { current: 1, ttl: expect.any(Number) } },
      { status: 'fulfilled', value: { current: 1, ttl: expect.any(Number) } },
    ]);
  });

  it("counts in this instance's memory when PostgreSQL cannot be reached, warning once", async () => {
    const unreachable = await openDatabase({ url: t.database.url! });
    await unreachable.close();
    const { log, warnings } = warningsLog();
    const store = storeOf({ db: unreachable.db, log });
    expect(await burst(store, 'unreachable', 12)).toEqual(oneTo(12));
    expect(warnings).toEqual([
      "rate-limit store: the shared table could not count; counting in this instance's memory",
    ]);
  });

  it('counts in memory while the table cannot be written, and in the table again once it can', async () => {
    const store = storeOf();
    await renameCounters('rate_limit_counters', 'rate_limit_counters_away');
    try {
      expect(await burst(store, 'outage', 5)).toEqual(oneTo(5));
    } finally {
      await renameCounters('rate_limit_counters_away', 'rate_limit_counters');
    }
    // The table never saw the hits counted in memory: the window there starts again.
    expect(await burst(store, 'outage', 2)).toEqual([1, 2]);
    const [row] = await t.db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, storedKey('GET /api/test outage')));
    expect(row).toEqual({ hits: 2 });
  });

  it('deletes ended windows as it goes', async () => {
    const store = storeOf({ sweepEveryMs: 0 });
    await incr(store, 'brief', 50);
    await sleep(100);
    await incr(store, 'another', 60_000);
    const left = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(rateLimitCounters)
          .where(eq(rateLimitCounters.key, storedKey('GET /api/test brief')))
      )[0]!.n;
    for (let i = 0; i < 50 && (await left()) > 0; i++) await sleep(20);
    expect(await left()).toBe(0);
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('rate limits on PGlite', () => {
  const t = useTestApp();

  it('are counted in memory: one process, nothing to share', async () => {
    const address = nextAddress();
    for (let i = 0; i < 61; i++) await track(t, ord(i), address);
    expectRateLimited(await track(t, ord(99), address));
    expect((await t.db.select({ n: count() }).from(rateLimitCounters))[0]!.n).toBe(0);
  });
});
