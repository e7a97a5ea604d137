import { describe, expect, it } from 'vitest';
import { nextAddress } from '../../../../tests/support/checkout';
import { expectRateLimited } from '../../../../tests/support/errors';
import { askLookup, LOOKUPS, lookupLabel, oneAfterAnother } from '../../../../tests/support/lookups';
import { useTestApp } from '../../../../tests/support/test-app';
import { REFERENCE_LIMIT } from '../../lib/keyed-limits';
import { apiRouteTable } from '../../lib/route-config';

const t = useTestApp();

/** Public routes with a path parameter that is no reference number: a catalog id or slug, public anyway. */
const NOT_REFERENCES = ['/api/devices/:id', '/api/collections/:slug'];

const EACH_LOOKUP = LOOKUPS.map((lookup) => [lookupLabel(lookup), lookup] as const);

describe('lookups by reference number are limited per address and per reference', () => {
  it('covers every public route that takes a reference number', () => {
    const withParameter = apiRouteTable(t.app)
      .filter((r) => r.access === 'public' && r.method !== 'HEAD' && r.url.includes('/:'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !NOT_REFERENCES.some((url) => route.endsWith(` ${url}`)));
    const covered = LOOKUPS.filter((l) => !l.bodyField).map((l) => `${l.method} ${l.url}`);
    expect(withParameter.sort()).toEqual(covered.sort());
  });

  it.each(EACH_LOOKUP)(
    '%s: one address, each time another reference, is refused past its per-address limit',
    async (label, lookup) => {
      const address = nextAddress();
      const first = await askLookup(t, lookup, lookup.ref(0), 0, address);
      const max = Number(first.headers['x-ratelimit-limit']);
      expect(max, label).toBeGreaterThan(0);
      const rest = await oneAfterAnother(max, (i) => askLookup(t, lookup, lookup.ref(i + 1), i + 1, address));
      for (const res of [first, ...rest.slice(0, -1)]) expect(res.statusCode, label).not.toBe(429);
      expectRateLimited(rest.at(-1)!, label);
    },
  );

  it.each(EACH_LOOKUP)(
    '%s: one reference, each time from another address, is refused past its per-reference limit',
    async (label, lookup) => {
      const max = lookup.perReference ?? REFERENCE_LIMIT.max;
      const ref = lookup.ref(900_000);
      // Spelt in either case: the same reference.
      const replies = await oneAfterAnother(max + 1, (i) =>
        askLookup(t, lookup, i % 2 ? ref.toLowerCase() : ref, i, nextAddress()),
      );
      for (const res of replies.slice(0, -1)) expect(res.statusCode, label).not.toBe(429);
      expectRateLimited(replies.at(-1)!, label);
    },
  );
});
