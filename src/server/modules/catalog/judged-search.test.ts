import { beforeAll, describe, expect, it } from 'vitest';
import type { DeviceListReply } from '../../../shared/catalog';
import { deviceListQuerySchema } from '../../../shared/catalog-query';
import { devices } from '../../db/schema';
import { DEMO_DEVICES } from '../../seed/demo-devices';
import { insertDevices } from '../../../../tests/support/devices';
import { JUDGED_QUERIES } from '../../../../tests/support/search-judgements';
import { useTestApp } from '../../../../tests/support/test-app';
import { deviceFilter, substringFilter } from './device-queries';
import { searchFor } from './search';

/** Of the judged queries, the share whose expected devices must all be in the first three. */
const JUDGED_BUDGET = 0.95;

const t = useTestApp();
beforeAll(async () => {
  // The demo catalog, newest first as the seed adds it.
  await insertDevices(
    t.db,
    [...DEMO_DEVICES].reverse().map((device) => ({
      brand: device.brand,
      model: device.model,
      type: device.type,
      condition: device.condition,
      storage: device.storage,
      ram: device.ram,
      displaySize: device.displaySize,
      price: device.price,
      originalPrice: device.originalPrice,
      quantity: device.quantity,
    })),
  );
});

const firstThree = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/devices?${new URLSearchParams({ q })}` });
  expect(res.statusCode).toBe(200);
  return res
    .json<DeviceListReply>()
    .items.slice(0, 3)
    .map((device) => device.name);
};

describe('the judged query set over the demo catalog', () => {
  it(`has the expected devices in the first three for at least ${JUDGED_BUDGET * 100}% of its queries`, async () => {
    expect(JUDGED_QUERIES.length).toBeGreaterThanOrEqual(60);
    const missed: string[] = [];
    for (const [query, expected] of JUDGED_QUERIES) {
      const top = await firstThree(query);
      if (!expected.every((name) => top.includes(name))) missed.push(`"${query}": ${top.join(', ') || 'nothing'}`);
    }
    const score = 1 - missed.length / JUDGED_QUERIES.length;
    console.info(
      `judged set: ${JUDGED_QUERIES.length - missed.length}/${JUDGED_QUERIES.length} (${(score * 100).toFixed(1)}%)` +
        (missed.length ? `; missed ${missed.join('; ')}` : ''),
    );
    expect(score, missed.join('\n')).toBeGreaterThanOrEqual(JUDGED_BUDGET);
  });

  it('finds every device the spec substring found, for each judged query and each word of it', async () => {
    const queries = [...new Set(JUDGED_QUERIES.flatMap(([query]) => [query, ...query.split(' ')]))];
    const lost: string[] = [];
    for (const q of queries) {
      const query = deviceListQuerySchema.parse({ q });
      const before = await t.db.select({ id: devices.id }).from(devices).where(substringFilter(query));
      const after = await t.db
        .select({ id: devices.id })
        .from(devices)
        .where(deviceFilter(query, await searchFor(t.db, q)));
      const found = new Set(after.map((row) => row.id));
      const missing = before.filter((row) => !found.has(row.id));
      if (missing.length > 0) lost.push(`"${q}" lost ${missing.length}`);
    }
    expect(lost).toEqual([]);
  });
});
