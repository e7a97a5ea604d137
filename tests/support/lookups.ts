import type { LightMyRequestResponse } from 'fastify';
import { send, type TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PUT';

/** A route that looks something up by a reference number, and its i-th request about `ref`. */
export interface Lookup {
  method: Method;
  url: string;
  /** A distinct reference number of the route's kind for each i. */
  ref: (i: number) => string;
  /** Where the route takes the reference: its path parameter (default) or this body field. */
  bodyField?: string;
  /** With a body field: the path parameter of the i-th request, when the route has one. */
  param?: (i: number) => string;
  body?: (i: number) => Record<string, unknown>;
  /** Lookups of one reference it allows from any address (REFERENCE_LIMIT unless told). */
  perReference?: number;
}

const six = (i: number) => String(i).padStart(6, '0');
export const orderNumber = (i: number) => `ORD-2026-${six(i)}`;
const email = (i: number) => ({ email: `someone${i}@example.co.za` });

/** Every public route that looks something up by a reference number (an email counts as one). */
export const LOOKUPS: Lookup[] = [
  { method: 'GET', url: '/api/track/:number', ref: orderNumber },
  { method: 'GET', url: '/api/orders/:orderNumber', ref: orderNumber },
  { method: 'POST', url: '/api/orders/:orderNumber/access', ref: orderNumber, body: email, perReference: 10 },
  {
    method: 'POST',
    url: '/api/orders/:orderNumber/access',
    // One email on other orders: in either case, the same email.
    ref: (i) => `Someone${i}@Example.co.za`,
    bodyField: 'email',
    param: (i) => orderNumber(700_000 + i),
    perReference: 10,
  },
  { method: 'POST', url: '/api/orders/:orderNumber/personal-data', ref: orderNumber, body: () => ({ token: 'x' }) },
  {
    method: 'POST',
    url: '/api/orders/:orderNumber/personal-data/erase',
    ref: orderNumber,
    body: () => ({ token: 'x' }),
  },
  { method: 'GET', url: '/api/checkout/:orderNumber', ref: orderNumber },
  { method: 'POST', url: '/api/checkout/:orderNumber/cancel', ref: orderNumber, body: () => ({}) },
  { method: 'GET', url: '/api/repairs/:bookingNumber', ref: (i) => `REP-${six(i)}123` },
  { method: 'POST', url: '/api/repairs/:bookingNumber/cancel', ref: (i) => `REP-${six(i)}123`, body: email },
  { method: 'POST', url: '/api/trade-ins/:number/accept', ref: (i) => `TXN1700000${six(i)}123`, body: email },
  { method: 'POST', url: '/api/trade-ins/:number/decline', ref: (i) => `TXN1700000${six(i)}123`, body: email },
  { method: 'PUT', url: '/api/trade-ins/:number/payout', ref: (i) => `TXN1700000${six(i)}123`, body: () => ({}) },
  { method: 'POST', url: '/api/trade-ins/:number/link', ref: (i) => `TXN1700000${six(i)}123`, body: () => ({}) },
  { method: 'GET', url: '/api/returns/:returnNumber', ref: (i) => `RET-${six(i)}123` },
  { method: 'POST', url: '/api/returns/:returnNumber/cancel', ref: (i) => `RET-${six(i)}123`, body: () => ({}) },
  { method: 'GET', url: '/api/returns/for-order/:orderNumber', ref: orderNumber },
  { method: 'POST', url: '/api/payments/verify', ref: (i) => `QB-${six(i)}`, bodyField: 'reference' },
  {
    method: 'POST',
    url: '/api/payments/sandbox/charge',
    ref: (i) => `QB-${six(i)}`,
    bodyField: 'reference',
    body: () => ({ cardNumber: '4084 0840 8408 4081', cvv: '408', expiry: '12/30' }),
  },
];

/** The lookup by its method, path and (for a body field) the field: `POST /api/payments/verify {reference}`. */
export const lookupLabel = (lookup: Lookup) =>
  `${lookup.method} ${lookup.url}${lookup.bodyField ? ` {${lookup.bodyField}}` : ''}`;

/** The lookup labelled so (lookupLabel). */
export function lookupNamed(label: string): Lookup {
  const lookup = LOOKUPS.find((candidate) => lookupLabel(candidate) === label);
  if (!lookup) throw new Error(`no lookup ${label}`);
  return lookup;
}

/** The i-th request of `lookup` about `ref`, from `address`. */
export function askLookup(t: TestApp, lookup: Lookup, ref: string, i: number, address: string) {
  const inPath = lookup.bodyField ? lookup.param?.(i) : ref;
  const url = inPath === undefined ? lookup.url : lookup.url.replace(/:\w+/, inPath);
  const body =
    lookup.method === 'GET'
      ? undefined
      : { ...lookup.body?.(i), ...(lookup.bodyField ? { [lookup.bodyField]: ref } : {}) };
  return send(t.app, lookup.method, url, { body, headers: { 'x-forwarded-for': address } });
}

/** Asks `count` times, one after the other, so the last reply is the one past a limit. */
export async function oneAfterAnother(count: number, one: (i: number) => Promise<LightMyRequestResponse>) {
  const replies = [];
  for (let i = 0; i < count; i++) replies.push(await one(i));
  return replies;
}
