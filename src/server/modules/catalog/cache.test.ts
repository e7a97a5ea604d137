import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-app';
import { CATALOG_CACHE_MAX_BYTES, cachedReply } from './cache';

// The catalog cache's bound holds what its entries keep beside their bodies too: a reply's compressed copies, a
// page's document. Its oldest entries go first.

describe('the catalog cache', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  /** A body of `chars` characters: counted twice, as its text and its bytes. */
  const loads: string[] = [];
  const get = (key: string, chars = 1_000_000) =>
    cachedReply(database.db, key, async () => {
      loads.push(key);
      return 'x'.repeat(chars);
    });
  const cached = async (key: string) => {
    const before = loads.length;
    await get(key);
    return loads.length === before;
  };

  it('counts what an entry keeps in its bound, and forgets it with the entry', async () => {
    // Sixteen bodies of about 2 MB each fill it to just under its 32 MB.
    const keys = Array.from({ length: 16 }, (_, i) => `bound-${i}`);
    for (const key of keys) await get(key);
    expect(16 * 2 * 1_000_002).toBeLessThanOrEqual(CATALOG_CACHE_MAX_BYTES);
    for (const key of keys) expect(await cached(key), key).toBe(true);

    // A copy kept beside the newest entry takes the room of the oldest.
    const oldest = await get('bound-1');
    (await get('bound-15')).keep(2_000_000);
    expect(await cached('bound-0')).toBe(false);
    expect(await cached('bound-2')).toBe(true);

    // bound-0 came back and pushed out bound-1; what bound-1 keeps now counts nowhere.
    expect(await cached('bound-1')).toBe(false);
    oldest.keep(30_000_000);
    expect(await cached('bound-3')).toBe(true);
  });
});
