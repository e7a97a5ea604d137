// Helper of bench/admin-bench.mjs (the leading _ keeps scripts/bench.mjs from running it alone):
// fills the database in DATA_DIR (or DATABASE_URL) up to BENCH_ROWS (default 10,000) rows in each of
// the admin's lists: orders (one line each, one every 52.5 minutes and over every status), a payment for
// each order, trade-ins (spread over every status; BENCH_TRADE_INS of them, BENCH_ROWS by default), devices,
// and a unit of stock sold to each paid order, bought by hand at a cost (what the Reports tab reads:
// bench/reports-bench.mjs); then prints EXPLAIN ANALYZE of the
// Orders list's queries and of each list's first page as the real services build them. Run on
// PostgreSQL too:
//   node scripts/with-postgres.mjs node --import tsx bench/_admin-data.ts
import { randomBytes } from 'node:crypto';
import { count, isNull, sql } from 'drizzle-orm';
import { adminOrderQuerySchema } from '../src/shared/admin-orders';
import { ORDER_STATUSES } from '../src/shared/orders';
import { PAYMENT_STATUSES } from '../src/shared/payments';
import { SELL_DEVICE_TYPES } from '../src/shared/sell-devices';
import { ALL_SALE_STATUSES } from '../src/shared/trade-in-statuses';
import { openDatabase } from '../src/server/db/client';
import { devices, orderItems, orders, payments, stockUnits, tradeIns } from '../src/server/db/schema';
import { newestFirst } from '../src/server/lib/paging';
import { seedBulkDevices } from '../src/server/seed/bulk';
import { ORDER_LIST_SORTS, orderListWhere } from '../src/server/modules/orders/admin-orders';
import { explainSummary } from './_explain';

const TARGET = Number(process.env.BENCH_ROWS ?? 10_000);
const TRADE_INS = Number(process.env.BENCH_TRADE_INS ?? TARGET);
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
}

// A payment for each order that has none (its reference, amount and payer), over every status.
const [paid] = await db.select({ n: count() }).from(payments);
if (Number(paid?.n ?? 0) < TARGET) {
  await db.execute(sql`
    insert into ${payments} (reference, order_id, provider, customer_email, customer_name, amount, currency,
      channel, status, paid_at, created_at)
    select o.payment_reference, o.id, 'sandbox', o.customer_email, o.customer_name, o.total_amount * 100,
      o.currency, 'card', (${`{${PAYMENT_STATUSES.join(',')}}`}::text[])[1 + (row_number() over (order by o.created_at))::int % ${PAYMENT_STATUSES.length}],
      o.created_at, o.created_at
    from ${orders} o
    where not exists (select 1 from ${payments} p where p.order_id = o.id)`);
}

// Trade-ins, one every 52.5 minutes over a year, over every status and device type.
const [sold] = await db.select({ n: count() }).from(tradeIns);
const tradeInsMissing = TRADE_INS - Number(sold?.n ?? 0);
if (tradeInsMissing > 0) {
  await db.execute(sql`
    insert into ${tradeIns} (transaction_number, customer_name, customer_email, customer_phone, address,
      device_type, brand, model, condition, is_owner, status, estimated_value, created_at, updated_at)
    select 'TXN' || (1762000000000 + g::bigint * 3150000)::text || lpad((g % 1000)::text, 3, '0'),
      (${`{${FIRST.join(',')}}`}::text[])[1 + g % ${FIRST.length}] || ' ' || (${`{${LAST.map((n) => `"${n}"`).join(',')}}`}::text[])[1 + (g / ${FIRST.length}) % ${LAST.length}],
      'seller.' || g || '@example.co.za', '+27 82 000 ' || lpad((g % 10000)::text, 4, '0'), g || ' Long Street, Cape Town',
      (${`{${SELL_DEVICE_TYPES.join(',')}}`}::text[])[1 + g % ${SELL_DEVICE_TYPES.length}], 'Samsung', 'Galaxy S' || (10 + g % 14),
      'Good', true, (${`{${ALL_SALE_STATUSES.map((s) => `"${s}"`).join(',')}}`}::text[])[1 + g % ${ALL_SALE_STATUSES.length}],
      1000 + (g * 37) % 9000, ${'2025-11-01T00:00:00Z'}::timestamptz + make_interval(secs => g * 3150),
      ${'2025-11-01T00:00:00Z'}::timestamptz + make_interval(secs => g * 3150)
    from generate_series(${Number(sold?.n ?? 0)}::int, ${TRADE_INS - 1}::int) as g`);
}

// The unit each paid order took: on the shelf three days, bought by hand for two thirds of its price.
const [unitsBefore] = await db.select({ n: count() }).from(stockUnits);
await db.execute(sql`
  insert into ${stockUnits} (device_id, source, cost, listed_at, sold_at, order_number)
  select i.device_id, 'by-hand', i.price * 2 / 3, o.created_at - interval '3 days', o.created_at, o.order_number
  from ${orders} o join ${orderItems} i on i.order_id = o.id
  where o.payment_status = 'paid'
    and not exists (select 1 from ${stockUnits} u where u.order_number = o.order_number)`);

// Devices, as the catalog seed makes them.
const [listed] = await db.select({ n: count() }).from(devices);
await seedBulkDevices(db, { count: TARGET - Number(listed?.n ?? 0) });

if (missing > 0 || tradeInsMissing > 0 || Number(unitsBefore?.n ?? 0) === 0) await db.execute(sql`analyze`);
console.log(
  `Orders, payments, devices: ${TARGET} each, trade-ins ${TRADE_INS}, in ${url ? 'PostgreSQL' : dataDir}${missing > 0 ? '' : ' (reused)'}`,
);

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
    console.log(`EXPLAIN orders    ${part.padEnd(5)} ${new URLSearchParams(raw).toString().padEnd(40)} ${summary}`);
  }
}

// The first page of the other lists, as their services ask it: newest first, 20 rows, and the count.
const firstPages = [
  ['trade-ins', 'trade_ins', tradeIns, undefined],
  ['payments', 'payments', payments, undefined],
  ['devices', 'devices', devices, isNull(devices.deletedAt)],
] as const;
for (const [pass, [label, table, t, where]] of [...firstPages, ...firstPages].entries()) {
  const page = db
    .select({ id: t.id })
    .from(t)
    .where(where)
    .orderBy(...newestFirst(t.createdAt, t.id))
    .limit(20);
  const counted = db.select({ n: count() }).from(t).where(where);
  for (const [part, statement] of [
    ['page', page],
    ['count', counted],
  ] as const) {
    const summary = await explainSummary(db, statement, table);
    if (pass < firstPages.length) continue;
    console.log(`EXPLAIN ${label.padEnd(9)} ${part.padEnd(5)} ${'(first page)'.padEnd(40)} ${summary}`);
  }
}
await connection.close();
