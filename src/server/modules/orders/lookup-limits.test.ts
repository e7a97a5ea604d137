import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { nextAddress } from '../../../../tests/support/checkout';
import { expectRateLimited } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { REFERENCE_LIMIT } from '../../lib/keyed-limits';
import { apiRouteTable } from '../../lib/route-config';

const t = useTestApp();

type Method = 'GET' | 'POST' | 'PUT';

/** A route that looks something up by a reference number, and its i-th request about `ref`. */
interface Lookup {
  method: Method;
  url: string;
  /** A distinct reference number of the route's kind for each i. */
  ref: (i: number) => string;
  /** Where the route takes the reference: its path parameter (default) or this body field. */
  bodyField?: string;
  body?: (i: number) => Record<string, unknown>;
  /** Lookups of one reference it allows from any address (REFERENCE_LIMIT unless told). */
  perReference?: number;
}

const six = (i: number) => String(i).padStart(6, '0');
const ord = (i: number) => `ORD-2026-${six(i)}`;
const email = (i: number) => ({ email: `someone${i}@example.co.za` });

const LOOKUPS: Lookup[] = [
  { method: 'GET', url: '/api/track/:number', ref: ord },
  { method: 'GET', url: '/api/orders/:orderNumber', ref: ord },
  { method: 'POST', url: '/api/orders/:orderNumber/access', ref: ord, body: email, perReference: 10 },
  { method: 'GET', url: '/api/checkout/:orderNumber', ref: ord },
  { method: 'POST', url: '/api/checkout/:orderNumber/cancel', ref: ord, body: () => ({}) },
  { method: 'GET', url: '/api/repairs/:bookingNumber', ref: (i) => `REP-${six(i)}123` },
  { method: 'POST', url: '/api/repairs/:bookingNumber/cancel', ref: (i) => `REP-${six(i)}123`, body: email },
  { method: 'POST', url: '/api/trade-ins/:number/accept', ref: (i) => `TXN1700000${six(i)}123`, body: email },
  { method: 'POST', url: '/api/trade-ins/:number/decline', ref: (i) => `TXN1700000${six(i)}123`, body: email },
  { method: 'PUT', url: '/api/trade-ins/:number/payout', ref: (i) => `TXN1700000${six(i)}123`, body: () => ({}) },
  { method: 'POST', url: '/api/trade-ins/:number/link', ref: (i) => `TXN1700000${six(i)}123`, body: () => ({}) },
  { method: 'POST', url: '/api/payments/verify', ref: (i) => `QB-${six(i)}`, bodyField: 'reference' },
  {
    method: 'POST',
    url: '/api/payments/sandbox/charge',
    ref: (i) => `QB-${six(i)}`,
    bodyField: 'reference',
    body: () => ({ cardNumber: '4084 0840 8408 4081', cvv: '408', expiry: '12/30' }),
  },
];

/** Public routes with a path parameter that is no reference number: a catalog id or slug, public anyway. */
const NOT_REFERENCES = ['/api/devices/:id', '/api/collections/:slug'];

/** The i-th request of `lookup` about `ref`, from `address`. */
function ask(lookup: Lookup, ref: string, i: number, address: string) {
  const url = lookup.bodyField ? lookup.url : lookup.url.replace(/:\w+/, ref);
  const body =
    lookup.method === 'GET'
      ? undefined
      : { ...lookup.body?.(i), ...(lookup.bodyField ? { [lookup.bodyField]: ref } : {}) };
  return send(t.app, lookup.method, url, { body, headers: { 'x-forwarded-for': address } });
}

/** Asks `count` times, one after the other (the limiter's memory store refuses a burst over the limit whole). */
async function asks(count: number, one: (i: number) => Promise<LightMyRequestResponse>) {
  const replies = [];
  for (let i = 0; i < count; i++) replies.push(await one(i));
  return replies;
}

describe('lookups by reference number are limited per address and per reference', () => {
  it('covers every public route that takes a reference number', () => {
    const withParameter = apiRouteTable(t.app)
      .filter((r) => r.access === 'public' && r.method !== 'HEAD' && r.url.includes('/:'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !NOT_REFERENCES.some((url) => route.endsWith(` ${url}`)));
    const covered = LOOKUPS.filter((l) => !l.bodyField).map((l) => `${l.method} ${l.url}`);
    expect(withParameter.sort()).toEqual(covered.sort());
  });

  it.each(LOOKUPS.map((lookup) => [`${lookup.method} ${lookup.url}`, lookup] as const))(
    '%s: one address, each time another reference, is refused past its per-address limit',
    async (label, lookup) => {
      const address = nextAddress();
      const first = await ask(lookup, lookup.ref(0), 0, address);
      const max = Number(first.headers['x-ratelimit-limit']);
      expect(max, label).toBeGreaterThan(0);
      const rest = await asks(max, (i) => ask(lookup, lookup.ref(i + 1), i + 1, address));
      for (const res of [first, ...rest.slice(0, -1)]) expect(res.statusCode, label).not.toBe(429);
      expectRateLimited(rest.at(-1)!, label);
    },
  );

  it.each(LOOKUPS.map((lookup) => [`${lookup.method} ${lookup.url}`, lookup] as const))(
    '%s: one reference, each time from another address, is refused past its per-reference limit',
    async (label, lookup) => {
      const max = lookup.perReference ?? REFERENCE_LIMIT.max;
      const ref = lookup.ref(900_000);
      // Spelt in either case: the same reference.
      const replies = await asks(max + 1, (i) => ask(lookup, i % 2 ? ref.toLowerCase() : ref, i, nextAddress()));
      for (const res of replies.slice(0, -1)) expect(res.statusCode, label).not.toBe(429);
      expectRateLimited(replies.at(-1)!, label);
    },
  );

  it('POST /api/orders/:orderNumber/access: one email, on other orders from other addresses, is refused past 10 an hour', async () => {
    const replies = await asks(11, (i) =>
      send(t.app, 'POST', `/api/orders/${ord(800_000 + i)}/access`, {
        body: { email: i % 2 ? 'Target@Example.co.za' : 'target@example.co.za' },
        headers: { 'x-forwarded-for': nextAddress() },
      }),
    );
    expect(replies.slice(0, -1).map((r) => r.statusCode)).toEqual(Array<number>(10).fill(202));
    expectRateLimited(replies.at(-1)!, 'the eleventh ask');
  });
});
