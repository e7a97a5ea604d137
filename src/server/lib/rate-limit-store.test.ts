import { afterEach, describe, expect, it, vi } from 'vitest';
import { countInMemory, storedKey } from './rate-limit-store';

// The parts of the rate-limit store that need no database; its table is tested on PostgreSQL in
// src/server/shared-limits.test.ts, the whole store through the routes in src/server/rate-limit-keys.test.ts.

afterEach(() => vi.useRealTimers());

describe('storedKey', () => {
  it('gives 64 hex characters for any key: empty, a NUL, a lone surrogate, 10 KB, emoji, SQL', () => {
    for (const key of ['', '\u0000', '\ud800', 'x'.repeat(10_000), '💸🧨', "'); drop table x; --"]) {
      expect(storedKey(key)).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('keeps distinct keys distinct, lone surrogates too, and one key always the same', () => {
    const keys = ['a', 'A', '\ud800', '\udc00', '\ufffd', 'a\u0000', 'a\u0000b'];
    expect(new Set(keys.map(storedKey)).size).toBe(keys.length);
    expect(storedKey('GET /api/track/:number 10.4.0.1')).toBe(storedKey('GET /api/track/:number 10.4.0.1'));
  });
});

describe('countInMemory', () => {
  it('gives each hit of a burst its own count, and each key its own window', () => {
    const count = countInMemory();
    expect(Array.from({ length: 12 }, () => count('a', 60_000).current)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(count('b', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('says how long the window has left and starts it again once it has ended', () => {
    vi.useFakeTimers();
    const count = countInMemory();
    count('a', 1_000);
    vi.advanceTimersByTime(400);
    expect(count('a', 1_000)).toEqual({ current: 2, ttl: 600 });
    vi.advanceTimersByTime(600);
    expect(count('a', 1_000)).toEqual({ current: 1, ttl: 1_000 });
  });

  it('keeps at most its cap of windows, dropping the earliest opened first', () => {
    const count = countInMemory({ cap: 10 });
    for (let i = 0; i < 10; i++) count(`key-${i}`, 60_000);
    count('key-9', 60_000);
    count('key-10', 60_000);
    // The cap was reached: the earliest opened went until fewer than 9 were left (key-0, key-1), the rest count on.
    expect(count('key-0', 60_000).current).toBe(1);
    expect(count('key-1', 60_000).current).toBe(1);
    expect(count('key-9', 60_000).current).toBe(3);
    expect(count('key-10', 60_000).current).toBe(2);
  });
});
