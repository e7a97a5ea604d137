// Helper of bench/csv-bench.mjs (the leading _ keeps scripts/bench.mjs from running it alone): on top of
// the admin lists' rows (bench/_admin-data.ts), gives the trade-ins past an offer their offered amount and
// the ones accepted a payout account (paid ones a payout reference), so the Transactions export writes
// every column; then prints EXPLAIN ANALYZE of one keyset batch from the middle of each exported table,
// as the exports read it. DATA_DIR or DATABASE_URL names the database.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { orders, payments, tradeIns } from '../src/server/db/schema';
import { afterInNewestFirst, newestFirst, newestKey } from '../src/server/lib/paging';
import { explainSummary } from './_explain';

const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const dataDir = process.env.DATA_DIR;
if (!url && !dataDir) throw new Error('DATA_DIR or DATABASE_URL is required');
const connection = await openDatabase(url ? { url } : { dataDir: dataDir! });
const { db } = connection;

await db
  .update(tradeIns)
  .set({ offeredAmount: sql`${tradeIns.estimatedValue} - 100` })
  .where(
    and(
      isNull(tradeIns.offeredAmount),
      inArray(tradeIns.status, ['Offer Made', 'Awaiting Payment', 'Paid', 'Offer Declined']),
    ),
  );
await db.execute(sql`
  insert into trade_in_payouts (trade_in_id, account_holder, bank_name, account_number, branch_code, payout_reference, paid_at)
  select t.id, t.customer_name, 'FNB', lpad((abs(hashtext(t.transaction_number)) % 10000000000)::text, 10, '0'), '250655',
    case when t.status = 'Paid' then 'EFT-' || t.transaction_number end,
    case when t.status = 'Paid' then t.created_at + interval '2 days' end
  from trade_ins t
  where t.status in ('Awaiting Payment', 'Paid')
    and not exists (select 1 from trade_in_payouts p where p.trade_in_id = t.id)`);
const [due] = await db
  .select({ n: sql<string>`count(*)` })
  .from(tradeIns)
  .where(eq(tradeIns.status, 'Awaiting Payment'));
console.log(`Payout accounts on every accepted trade-in (${due?.n} payouts due)`);

// One batch of 1,000 from the middle of each table, after the key of its 5,000th row: the read every batch makes.
for (const [name, table] of [
  ['orders', orders],
  ['trade_ins', tradeIns],
  ['payments', payments],
] as const) {
  const order = newestFirst(table.createdAt, table.id);
  const [after] = await db
    .select(newestKey(table))
    .from(table)
    .orderBy(...order)
    .offset(5000)
    .limit(1);
  const batch = db
    .select({ id: table.id, ...newestKey(table) })
    .from(table)
    .where(afterInNewestFirst(table, after))
    .orderBy(...order)
    .limit(1000);
  console.log(`EXPLAIN ${name.padEnd(9)} batch after row 5,000: ${await explainSummary(db, batch, name)}`);
}
await connection.close();
