// Helper of bench/api-bench.mjs (the leading _ keeps scripts/bench.mjs from running it alone):
// EXPLAIN ANALYZE of the buy listing's filtered and searched queries, built by the real service
// code, on the database in DATA_DIR; prints one summary line per query.
import { sql } from 'drizzle-orm';
import { deviceListQuerySchema } from '../src/shared/catalog-query';
import { openDatabase } from '../src/server/db/client';
import { devices } from '../src/server/db/schema';
import { newestFirst } from '../src/server/lib/paging';
import { deviceFilter } from '../src/server/modules/catalog/device-queries';
import { searchFor } from '../src/server/modules/catalog/search';
import { explainSummary } from './_explain';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const connection = await openDatabase({ dataDir });
const { db } = connection;

const cases: Array<[string, Record<string, string>]> = [
  ['filtered', { category: 'laptop', price: '10k-20k' }],
  ['brand', { brand: 'samsung', page: '3' }],
  ['searched', { q: 'galaxy' }],
  ['searched+filtered', { q: 'thinkpad', category: 'laptop', price: '10k-20k' }],
];

// The first pass warms PGlite's buffers (a reopened data directory starts cold); the second is printed.
for (const [pass, [label, raw]] of [...cases, ...cases].map((c, i) => [i, c] as const)) {
  const query = deviceListQuerySchema.parse(raw);
  const where = deviceFilter(query, query.q ? await searchFor(db, query.q) : null);
  const page = db
    .select({ id: devices.id })
    .from(devices)
    .where(where)
    .orderBy(...newestFirst(devices.createdAt, devices.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const counted = db
    .select({ n: sql`count(*)` })
    .from(devices)
    .where(where);
  for (const [part, statement] of [
    ['page', page],
    ['count', counted],
  ] as const) {
    const summary = await explainSummary(db, statement, 'devices');
    if (pass < cases.length) continue;
    console.log(
      `EXPLAIN ${label.padEnd(18)} ${part.padEnd(5)} ${new URLSearchParams(raw).toString().padEnd(42)} ${summary}`,
    );
  }
}
await connection.close();
