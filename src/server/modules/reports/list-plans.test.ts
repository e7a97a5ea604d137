import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-app';
import { adminListQuerySchema } from '../../../shared/admin';
import { adminOrderQuerySchema } from '../../../shared/admin-orders';
import { adminRepairQuerySchema } from '../../../shared/admin-repairs';
import { tradeInListQuerySchema } from '../../../shared/trade-ins';
import type { Database } from '../../db/client';
import { systemClock } from '../../lib/clock';
import * as schema from '../../db/schema';
import { listAgents } from '../agents/agent-management';
import { listAudit } from '../audit/audit-log';
import { listInventory } from '../catalog/inventory';
import { listOutbox } from '../mail/admin-outbox';
import { exportOrders, listAdminOrders } from '../orders';
import { exportPayments, listPayments } from '../payments';
import { listAdminRepairs } from '../repairs/admin-list';
import { exportTradeIns } from '../trade-ins/export';
import { listTradeIns } from '../trade-ins/lists';

/**
 * Decision 028: every admin list's page walks the index made for its order instead of sorting the
 * whole table. Each list is run through its real service on an empty database with sequential scans
 * and sorts priced out, and the EXPLAIN of the query that fetched the page must name the index and
 * hold no full Sort (an Incremental Sort for the id tie-break is fine: it sorts rows of equal time).
 */

interface Explainer {
  query(text: string, params: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

const captured: Array<{ query: string; params: unknown[] }> = [];
const logger: Logger = { logQuery: (query, params) => void captured.push({ query, params }) };

let db: Database;
let client: Explainer;
let close: () => Promise<void>;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const database: TestDatabase = await createTestDatabase();
    const pgClient = new pg.Client({ connectionString: database.url });
    await pgClient.connect();
    db = drizzlePg({ client: pgClient, schema, logger }) as unknown as Database;
    client = pgClient;
    close = async () => {
      await pgClient.end();
      await database.drop();
    };
  } else {
    const snapshot = process.env.QUICKBUY_PGLITE_SNAPSHOT;
    const pglite = await PGlite.create({
      extensions: { pg_trgm },
      loadDataDir: snapshot ? new Blob([readFileSync(snapshot)]) : undefined,
    });
    db = drizzlePglite({ client: pglite, schema, logger }) as unknown as Database;
    if (!snapshot) {
      await migrate(db as never, { migrationsFolder: fileURLToPath(new URL('../../db/migrations', import.meta.url)) });
    }
    client = pglite;
    close = () => pglite.close();
  }
  await client.query('set enable_seqscan = off', []);
  await client.query('set enable_sort = off', []);
});
afterAll(() => close());

/** The plan of the page query `list` runs (the one with a LIMIT), as EXPLAIN prints it. */
async function planOf(list: () => Promise<unknown>): Promise<string> {
  captured.length = 0;
  await list();
  const page = captured.find(({ query }) => /\blimit\b/i.test(query));
  if (!page) throw new Error(`no paged query among: ${captured.map((c) => c.query).join('\n')}`);
  const result = await client.query(`explain (costs off) ${page.query}`, page.params);
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

/**
 * The plan of `list` searched for `q` (a whole reference number or email), sorts allowed: sorting the one row
 * found is cheap, and with sorts priced out the planner would walk the date index instead.
 */
async function searchPlanOf(list: (q: string) => Promise<unknown>, q: string): Promise<string> {
  await client.query('set enable_sort = on', []);
  try {
    return await planOf(() => list(q));
  } finally {
    await client.query('set enable_sort = off', []);
  }
}

function expectWalks(plan: string, index: string) {
  expect(plan).toMatch(new RegExp(`Index (Only )?Scan( Backward)? using ${index}\\b`));
  expect(plan, plan).not.toMatch(/(^|->\s+)Sort\b/m);
}

const listQuery = adminListQuerySchema.parse({});
const tradeInQuery = tradeInListQuerySchema.parse({});

describe('admin list plans (decision 028)', () => {
  it('Orders: newest first walks orders_created_idx', async () => {
    const plan = await planOf(() => listAdminOrders({ db, query: adminOrderQuerySchema.parse({}) }));
    expectWalks(plan, 'orders_created_idx');
  });

  it('Transactions: newest first, by status and by agent walk their indexes', async () => {
    expectWalks(await planOf(() => listTradeIns({ db, query: tradeInQuery })), 'trade_ins_created_idx');
    expectWalks(
      await planOf(() => listTradeIns({ db, query: { ...tradeInQuery, status: 'Confirmed' } })),
      'trade_ins_status_idx',
    );
    expectWalks(
      await planOf(() => listTradeIns({ db, query: tradeInQuery, agentId: '00000000-0000-4000-8000-000000000000' })),
      'trade_ins_agent_idx',
    );
  });

  it('Transactions: a whole TXN number or email is an equality on its index', async () => {
    const search = (q: string) => listTradeIns({ db, query: { ...tradeInQuery, q } });
    expect(await searchPlanOf(search, 'txn17000000000001')).toMatch(/using trade_ins_transaction_number_unique/);
    expect(await searchPlanOf(search, 'Thandi@Example.co.za')).toMatch(
      /on trade_ins_email_idx|using trade_ins_email_idx/,
    );
  });

  it('Repairs: newest first and by status walk their indexes; a whole REP number or email is an equality', async () => {
    const repairQuery = adminRepairQuerySchema.parse({});
    expectWalks(await planOf(() => listAdminRepairs({ db, query: repairQuery })), 'repair_bookings_created_idx');
    expectWalks(
      await planOf(() => listAdminRepairs({ db, query: { ...repairQuery, status: 'booked' } })),
      'repair_bookings_status_idx',
    );
    const search = (q: string) => listAdminRepairs({ db, query: { ...repairQuery, q } });
    expect(await searchPlanOf(search, 'rep-123456789')).toMatch(/using repair_bookings_booking_number_unique/);
    expect(await searchPlanOf(search, 'Pieter@Example.co.za')).toMatch(
      /on repair_bookings_email_idx|using repair_bookings_email_idx/,
    );
  });

  it('Paystack: newest first walks payments_created_idx', async () => {
    expectWalks(await planOf(() => listPayments({ db, query: listQuery })), 'payments_created_idx');
  });

  it('Devices: newest first walks devices_listed_created_idx', async () => {
    expectWalks(await planOf(() => listInventory({ db, query: listQuery })), 'devices_listed_created_idx');
  });

  it('Outbox: newest first, and by status, walk their indexes', async () => {
    expectWalks(await planOf(() => listOutbox({ db, query: listQuery, preview: false })), 'outbox_created_idx');
    expectWalks(
      await planOf(() => listOutbox({ db, query: { ...listQuery, status: 'failed' }, preview: false })),
      'outbox_status_created_idx',
    );
  });

  it('Agents: newest first walks users_role_created_idx', async () => {
    expectWalks(await planOf(() => listAgents({ db, query: listQuery })), 'users_role_created_idx');
  });

  it('Audit log: newest first walks audit_log_created_idx', async () => {
    const plan = await planOf(() => listAudit({ db, page: 1, pageSize: 20, actorIds: null, action: '', target: '' }));
    expectWalks(plan, 'audit_log_created_idx');
  });
});

/** The plan of the last paged query `run` sends: an export's batch after the first, which carries the keyset. */
async function planOfLastBatch(run: () => Promise<unknown>): Promise<string> {
  captured.length = 0;
  await run();
  const batches = captured.filter(({ query }) => /\blimit\b/i.test(query));
  const last = batches.at(-1);
  if (batches.length < 2 || !last) throw new Error(`no second batch among: ${captured.map((c) => c.query).join('\n')}`);
  const result = await client.query(`explain (costs off) ${last.query}`, last.params);
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

/** Every batch of an export read and dropped, as its download would stream them. */
async function drain(file: { batches: AsyncIterable<unknown[]> }) {
  for await (const batch of file.batches) void batch;
}

describe('Export batches (decision 049)', () => {
  // One row in each table and batches of one: the second read is the keyset one, after the first row.
  beforeAll(async () => {
    const [order] = await db
      .insert(schema.orders)
      .values({
        orderNumber: 'ORD-2026-900001',
        firstName: 'Thandi',
        lastName: 'Nkosi',
        customerName: 'Thandi Nkosi',
        customerEmail: 'thandi@example.co.za',
        shippingAddress: { street: '1 Long Street', city: 'Cape Town', state: '', zipCode: '8001', country: 'ZA' },
        totalAmount: 100,
        currency: 'NGN',
        paymentReference: 'QB-PLAN-1',
        accessTokenHash: 'x',
      })
      .returning();
    await db.insert(schema.payments).values({
      reference: 'QB-PLAN-1',
      orderId: order!.id,
      provider: 'sandbox',
      customerEmail: 'thandi@example.co.za',
      amount: 10_000,
      currency: 'NGN',
      status: 'success',
    });
    await db.insert(schema.tradeIns).values({
      transactionNumber: 'TXN1700000000000001',
      customerEmail: 'seller@example.co.za',
      customerPhone: '+27 82 000 0000',
      address: '1 Main Road',
      deviceType: 'phone',
      model: 'Galaxy S21',
      isOwner: true,
      estimatedValue: 5000,
    });
  });
  const admin = { id: null, role: 'admin' as const };

  it('Orders, Transactions and Payments: each batch after the first walks the created_at index from its key', async () => {
    expectWalks(
      await planOfLastBatch(() => drain(exportOrders({ db, query: adminOrderQuerySchema.parse({}), batchSize: 1 }))),
      'orders_created_idx',
    );
    expectWalks(
      await planOfLastBatch(async () =>
        drain(
          await exportTradeIns({
            db,
            clock: systemClock,
            actor: admin,
            query: tradeInQuery,
            format: 'csv',
            storeCurrency: 'NGN',
            batchSize: 1,
          }),
        ),
      ),
      'trade_ins_created_idx',
    );
    const orderNumbers = async () => new Map<string, string>();
    expectWalks(
      await planOfLastBatch(() => drain(exportPayments({ db, query: listQuery, batchSize: 1, orderNumbers }))),
      'payments_created_idx',
    );
  });
});
