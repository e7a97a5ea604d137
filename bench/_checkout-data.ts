// Helper of bench/checkout-bench.mjs (the leading _ keeps scripts/bench.mjs from running it alone):
// on the database in DATA_DIR (or DATABASE_URL), already seeded with `npm run seed`, sets the stock
// of the two pools the benchmark buys from and prints them as one JSON line:
//   uncontended: BENCH_BUYERS x 4 devices with 1,000,000 units each; buyer slot k buys only its own 4
//   contended:   the next BENCH_DEVICES devices with 1 to 5 units each; every buyer buys any of them
import { asc, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { devices } from '../src/server/db/schema';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 16);
const CONTENDED = Number(process.env.BENCH_DEVICES ?? 300);
const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const dataDir = process.env.DATA_DIR;
if (!url && !dataDir) throw new Error('DATA_DIR or DATABASE_URL is required');
const connection = await openDatabase(url ? { url } : { dataDir: dataDir! });
const { db } = connection;

const rows = await db
  .select({ id: devices.id })
  .from(devices)
  .orderBy(asc(devices.id))
  .limit(BUYERS * 4 + CONTENDED);
if (rows.length < BUYERS * 4 + CONTENDED) throw new Error(`seed ${BUYERS * 4 + CONTENDED} devices first`);
const uncontended = rows.slice(0, BUYERS * 4).map((r) => r.id);
const contended = rows.slice(BUYERS * 4).map((r) => r.id);
await db
  .update(devices)
  .set({ quantity: 1_000_000, inStock: true, deletedAt: null })
  .where(inArray(devices.id, uncontended));
await db
  .update(devices)
  // 1 to 5 units each (about 900 for 300 devices): the pool sells out within the run.
  .set({ quantity: sql`1 + abs(hashtext(${devices.id}::text)) % 5`, inStock: true, deletedAt: null })
  .where(inArray(devices.id, contended));
await db.execute(sql`analyze`);
await connection.close();
console.log(`POOLS ${JSON.stringify({ uncontended, contended })}`);
