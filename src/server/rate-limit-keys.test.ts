import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextAddress } from '../../tests/support/checkout';
import { expectRateLimited } from '../../tests/support/errors';
import { askLookup, lookupNamed, orderNumber } from '../../tests/support/lookups';
import { sellForm } from '../../tests/support/sell-form';
import { send, useTestApp, type TestApp } from '../../tests/support/test-app';
import { rateLimitCounters } from './db/schema/rate-limit-store';
import { REFERENCE_LIMIT } from './lib/keyed-limits';
import { seedTradeInQuotes } from './seed/trade-in-quotes';

// What a client writes in a field a limit is keyed on never reaches a rate-limit store as written, and a
// store that cannot count falls back to this instance's memory, never to no limit (docs/decisions/068).

/**
 * Values a client may put in any field a limit is keyed on: a NUL (PostgreSQL's text refuses it), a lone
 * surrogate (no UTF-8 for it), 10 KB, emoji, an SQL fragment. The routes' schemas refuse some of them,
 * but a request is counted before its body is parsed.
 */
const POISON = [
  'QB-\u0000',
  'QB-\ud800',
  `QB-${randomBytes(5_000).toString('hex')}`,
  'QB-💸🧨',
  "QB-'); delete from rate_limit_counters; --",
];

/** A stream of requests that one limit answers: `max` of them pass with `passes`, the rest are refused. */
interface Limited {
  label: string;
  asks: Array<() => Promise<LightMyRequestResponse>>;
  max: number;
  passes: number;
}

/** `count` requests of one lookup, each from another address, all naming one reference. */
function oneReference(t: TestApp, label: string, ref: string, passes: number, count: number): Limited {
  const lookup = lookupNamed(label);
  const asks = Array.from({ length: count }, (_, i) => () => askLookup(t, lookup, ref, i, nextAddress()));
  return { label, asks, max: lookup.perReference ?? REFERENCE_LIMIT.max, passes };
}

/** `count` posts of one form from one address, whose per-address limit is `max`. */
function oneAddress(t: TestApp, url: string, body: object, max: number, count: number): Limited {
  const address = nextAddress();
  const asks = Array.from(
    { length: count },
    () => () => send(t.app, 'POST', url, { body, headers: { 'x-forwarded-for': address } }),
  );
  return { label: `POST ${url}`, asks, max, passes: 201 };
}

const VERIFY = 'POST /api/payments/verify {reference}';
const CHARGE = 'POST /api/payments/sandbox/charge {reference}';
const ACCESS = 'POST /api/orders/:orderNumber/access {email}';
const KEYED_ON_THE_BODY = [VERIFY, CHARGE, ACCESS];

/** Every request of `streams`, interleaved so that each moment's counts mix them, sent at once. */
async function sendTogether(streams: Array<Array<() => Promise<LightMyRequestResponse>>>) {
  const order = streams.flatMap((asks, s) => asks.map((ask, i) => ({ ask, s, i })));
  order.sort((a, b) => a.i - b.i || a.s - b.s);
  const replies = await Promise.all(order.map(({ ask }) => ask()));
  const byStream = streams.map((asks) => Array<LightMyRequestResponse>(asks.length));
  order.forEach(({ s, i }, n) => (byStream[s]![i] = replies[n]!));
  return byStream;
}

/**
 * Sends, all at once, one reference looked up past its limit on each route keyed on a body field and on
 * the track route (keyed on its path), the contact and sell forms posted past their per-address limits, and every poison value in each keyed
 * field; then checks every limit let exactly its `max` through and refused the rest, and that every
 * poison request was answered as the client's fault.
 */
async function expectExactLimitsUnderPoison(t: TestApp) {
  const limited = [
    oneReference(t, VERIFY, 'QB-KEYS-VERIFY', 404, REFERENCE_LIMIT.max + 10),
    oneReference(t, CHARGE, 'QB-KEYS-CHARGE', 404, REFERENCE_LIMIT.max + 10),
    oneReference(t, ACCESS, 'target@example.co.za', 202, 15),
    oneReference(t, 'GET /api/track/:number', orderNumber(600_000), 404, REFERENCE_LIMIT.max + 10),
    oneAddress(t, '/api/contact', { name: 'Lindiwe', email: 'l@example.com', subject: 'Hi', message: 'Hello' }, 10, 15),
    oneAddress(t, '/api/trade-ins', sellForm(), 20, 25),
  ];
  // Each poison value twice on each route, from addresses of their own: two counts of one key, under any limit.
  const poison = KEYED_ON_THE_BODY.flatMap((label) =>
    [...POISON, ...POISON].map((value, i) => ({
      label: `${label} ${JSON.stringify(value.slice(0, 12))}`,
      ask: () => askLookup(t, lookupNamed(label), value, i, nextAddress()),
    })),
  );
  const [poisonReplies, ...limitedReplies] = await sendTogether([
    poison.map(({ ask }) => ask),
    ...limited.map(({ asks }) => asks),
  ]);

  poisonReplies!.forEach((res, i) => {
    expect([400, 404], `${poison[i]!.label}: ${res.body}`).toContain(res.statusCode);
    expect(res.json().error.code, poison[i]!.label).toEqual(expect.any(String));
  });
  limited.forEach(({ label, max, passes }, s) => {
    const replies = limitedReplies[s]!;
    const through = replies.filter((res) => res.statusCode !== 429);
    expect(
      through.map((res) => res.statusCode),
      label,
    ).toEqual(Array<number>(max).fill(passes));
    for (const res of replies.filter((reply) => reply.statusCode === 429)) expectRateLimited(res, label);
  });
}

describe('rate-limit keys written by the client', () => {
  const t = useTestApp();
  beforeAll(() => seedTradeInQuotes(t.db));

  it('keeps every limit exact while poison keys are counted beside it, and answers each poison request 400 or 404', async () => {
    await expectExactLimitsUnderPoison(t);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('keeps no key in the shared table but its digest (PostgreSQL)', async () => {
    const keys = await t.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter(({ key }) => !/^[0-9a-f]{64}$/.test(key))).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('rate limits when the shared table cannot count (PostgreSQL)', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await seedTradeInQuotes(t.db);
    // The store's statement now fails for every key, as it would with the table lost or out of reach.
    await t.db.execute(sql`alter table rate_limit_counters rename to rate_limit_counters_away`);
  });

  it("counts in this instance's memory: every limit still exact, poison keys and all", async () => {
    await expectExactLimitsUnderPoison(t);
  });
});
