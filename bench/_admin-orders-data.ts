// Helper of bench/admin-bench.mjs (the leading _ keeps scripts/bench.mjs from running it alone):
// fills the database in DATA_DIR (or DATABASE_URL) up to BENCH_ORDERS orders, each with one line,
// spread over a year and over every status, then prints EXPLAIN ANALYZE of the admin's Orders list
// queries as the real service builds them. Run on PostgreSQL too:
//   node scripts/with-postgres.mjs node --import tsx bench/_admin-orders-data.ts
import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { adminOrderQuerySchema } from '../src/shared/admin-orders';
import { ORDER_STATUSES } from '../src/shared/orders';
import { openDatabase } from '../src/server/db/client';
import { devices, orderItems, orders } from '../src/server/db/schema';
import { ORDER_LIST_SORTS, orderListWhere } from '../src/server/modules/orders/admin-service';
import { explainSummary } from './_explain';

const TARGET = Number(process.env.BENCH_ORDERS ?? 10_000);
const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const dataDir = process.env.DATA_DIR;
if (!url && !dataDir) throw new Error('DATA_DIR or DATABASE_URL is required');
const connection = await openDatabase(url ? { url } : { dataDir: dataDir! });
await connection.migrate();
const { db } = connection;

const FIRST = ['Thandi', 'Sipho', 'Lerato', 'Johan', 'Aisha', 'Pieter', 'Naledi', 'Kagiso', 'Megan', 'Zanele'];
const LAST = ['Nkosi', 'Ndlovu', 'van der Merwe', 'Botha', 'Khumalo', 'Pillay', 'Mokoena', 'Smith', 'Dube', 'Naidoo'];

const [have] = await db.select({ n: count() }).from(orders);
const missing = TARGET - Number(have?.n ?? 0);
if (missing > 0) {
  const [device] = await db
    .insert(devices)
    .values({
      name: 'Apple iPhone 13',
      brand: 'Apple',
      type: 'phone',
      model: 'iPhone 13',
      condition: 'Good',
      price: 9000,
    })
    .returning({ id: devices.id });
  const start = Date.parse('2025-11-01T00:00:00Z');
  for (let done = 0; done < missing; done += 500) {
    const batch = Array.from({ length: Math.min(500, missing - done) }, (_, j) => {
      const i = Number(have?.n ?? 0) + done + j;
      const firstName = FIRST[i % FIRST.length]!;
      const lastName = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
      const status = ORDER_STATUSES[i % ORDER_STATUSES.length]!;
      return {
        orderNumber: `ORD-2026-${String(i).padStart(6, '0')}`,
        firstName,
        lastName,
        customerName: `${firstName} ${lastName}`,
        customerEmail: `${firstName.toLowerCase()}.${i}@example.co.za`,
        shippingAddress: {
          street: `${i} Long Street`,
          city: 'Cape Town',
          state: '',
          zipCode: '8001',
          country: 'South Africa',
        },
        totalAmount: 9000,
        currency: 'NGN',
        status,
        paymentStatus: status === 'cancelled' ? 'expired' : 'paid',
        paymentReference: `QB-BENCH-${i}-${randomBytes(3).toString('hex')}`,
        accessTokenHash: randomBytes(32).toString('hex'),
        createdAt: new Date(start + i * 3_150_000),
      };
    });
    const rows = await db.insert(orders).values(batch).returning({ id: orders.id });
    await db.insert(orderItems).values(
      rows.map((r) => ({
        orderId: r.id,
        deviceId: device!.id,
        name: 'Apple iPhone 13',
        price: 9000,
        quantity: 1,
        condition: 'Good',
        storage: '128GB',
      })),
    );
  }
  await db.execute(sql`analyze`);
}
console.log(`Orders: ${TARGET} in ${url ? 'PostgreSQL' : dataDir}${missing > 0 ? '' : ' (reused)'}`);

const cases: Record<string, string>[] = [
  {},
  { status: 'shipped' },
  { q: 'ORD-2026-004321' },
  { q: 'lerato.4322@example.co.za' },
  { q: 'khumalo' },
  { q: 'khumalo', status: 'delivered' },
];
// The first pass warms the buffers (a reopened data directory starts cold); the second is printed.
for (const [pass, raw] of [...cases, ...cases].entries()) {
  const query = adminOrderQuerySchema.parse(raw);
  const where = orderListWhere(query);
  const page = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...ORDER_LIST_SORTS[query.sort])
    .limit(query.pageSize);
  const counted = db.select({ n: count() }).from(orders).where(where);
  for (const [part, statement] of [
    ['page', page],
    ['count', counted],
  ] as const) {
    const summary = await explainSummary(db, statement, 'orders');
    if (pass < cases.length) continue;
    console.log(`EXPLAIN ${part.padEnd(5)} ${new URLSearchParams(raw).toString().padEnd(40)} ${summary}`);
  }
}
await connection.close();
