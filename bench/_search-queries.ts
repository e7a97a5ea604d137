// Helper of bench/search-bench.mjs (the leading _ keeps scripts/bench.mjs from running it alone): the search's
// queries themselves, no cache and no HTTP, on the database in DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL).
// Each of the search mix is run as /api/devices runs it (the page of 24 and both counts) through the real
// service, beside the spec's substring search (the same statements with the old WHERE clause), in turns, three
// rounds after a warm-up; then the suggestions and the search with filters and page 3. Prints the figures as
// one JSON line (RESULT ...) for the parent, with the EXPLAIN ANALYZE plans of three searches.
import { count, sql, type SQL } from 'drizzle-orm';
import { deviceListQuerySchema, type DeviceListQuery } from '../src/shared/catalog-query';
import { openDatabase, type Database } from '../src/server/db/client';
import { devices } from '../src/server/db/schema';
import { newestFirst } from '../src/server/lib/paging';
import {
  deviceFilter,
  listDevices,
  listingOrder,
  substringFilter,
  suggestDevices,
  toDevices,
} from '../src/server/modules/catalog/device-queries';
import { searchFor } from '../src/server/modules/catalog/search';
import { FILTERED_SEARCH, SEARCH_MIX, SUGGESTION_MIX } from './_search-mix.mjs';

const url = process.env.DATABASE_URL;
const connection = await openDatabase(url ? { url } : { dataDir: process.env.DATA_DIR! });
const { db } = connection;
const ROUNDS = Number(process.env.BENCH_QUERY_ROUNDS ?? 3);

/** The listing as it ran before the shopper search: the substring WHERE clause, newest first, both counts. */
async function substringListing(database: Database, query: DeviceListQuery) {
  const where = substringFilter(query);
  const countOf = async (condition?: SQL) =>
    Number((await database.select({ n: count() }).from(devices).where(condition))[0]?.n ?? 0);
  const [rows] = await Promise.all([
    database
      .select()
      .from(devices)
      .where(where)
      .orderBy(...newestFirst(devices.createdAt, devices.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countOf(substringFilter({ q: '', category: 'all', brand: 'all', price: 'all' })),
    countOf(where),
  ]);
  return toDevices(database, rows);
}

interface Timing {
  ms: number;
  cpuMs: number;
}

async function timed(work: () => Promise<unknown>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

function summary(timings: Timing[]) {
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const cpu = timings.reduce((sum, t) => sum + t.cpuMs, 0) / timings.length;
  return { n: sorted.length, p50: at(50), p99: at(99), max: sorted.at(-1)!, cpuMs: cpu };
}

const listQuery = (raw: Record<string, string>) => deviceListQuerySchema.parse({ pageSize: '24', ...raw });
const cases = {
  search: SEARCH_MIX.map((q) => listQuery({ q })),
  filtered: [listQuery(FILTERED_SEARCH)],
};
const runs: Record<string, Timing[]> = {
  search: [],
  substring: [],
  suggestions: [],
  filtered: [],
  filteredSubstring: [],
};

for (let round = 0; round <= ROUNDS; round++) {
  const keep = round > 0; // round 0 warms the database's buffers and the vocabulary
  for (const query of cases.search) {
    const now = await timed(() => listDevices({ db, query }));
    const before = await timed(() => substringListing(db, query));
    if (keep) {
      runs.search!.push(now);
      runs.substring!.push(before);
    }
  }
  for (const q of SUGGESTION_MIX) {
    const now = await timed(() => suggestDevices({ db, q }));
    if (keep) runs.suggestions!.push(now);
  }
  for (const query of cases.filtered) {
    const now = await timed(() => listDevices({ db, query }));
    const before = await timed(() => substringListing(db, query));
    if (keep) {
      runs.filtered!.push(now);
      runs.filteredSubstring!.push(before);
    }
  }
}

const result: Record<string, unknown> = Object.fromEntries(
  Object.entries(runs).map(([name, list]) => [name, summary(list)]),
);
const plans: string[] = [];
{
  for (const raw of [{ q: 'galaxy s23 ultra' }, { q: 'samsng' }, { ...FILTERED_SEARCH }]) {
    const query = listQuery(raw);
    const search = await searchFor(db, query.q);
    const page = db
      .select({ id: devices.id })
      .from(devices)
      .where(deviceFilter(query, search))
      .orderBy(...listingOrder(query.sort, search))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const plan = (await db.execute(sql`explain (analyze, costs off, buffers off) ${page}`)) as unknown as {
      rows: Array<Record<string, string>>;
    };
    plans.push(
      `EXPLAIN ANALYZE ${new URLSearchParams(raw)}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`,
    );
  }
}
console.log(`RESULT ${JSON.stringify({ ...result, plans })}`);
await connection.close();
