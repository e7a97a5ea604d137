import { beforeAll, describe, expect, it } from 'vitest';
import type { StockReport } from '../../../shared/stock-report';
import { tradeInPayouts } from '../../db/schema';
import { nextAddress, paid } from '../../../../tests/support/checkout';
import { downloadCsv, expectAdminOnly, expectCsvFile } from '../../../../tests/support/csv';
import { expectError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { insertTradeIn } from '../../../../tests/support/trade-ins';
import { signedInAdmin } from '../../../../tests/support/accounts';

/*
 * The Reports tab's figures, from a store built through its own routes: trade-ins paid and listed, stock added
 * by hand at a cost, orders paid, a refund, a write-off, and activity on both sides of the period; every figure
 * checked, and the totals reconciled with the Paystack, Orders and Transactions tabs' routes.
 */

const t = useTestApp();
let adminCookie = '';

/** The store's clock at `iso`, and the admin signed in then (a staff session lasts hours, not weeks). */
async function at(iso: string) {
  t.clock.set(new Date(iso));
  adminCookie = (await signedInAdmin(t)).cookie;
}
const admin = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
  send(t.app, method, path, { body, cookie: adminCookie, headers: { 'x-forwarded-for': nextAddress() } });
async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200): Promise<T> {
  const reply = await res;
  expect(reply.statusCode, reply.body).toBe(status);
  return reply.json() as T;
}
const report = (query: string) => ok<StockReport>(admin('GET', `/api/admin/reports?${query}`));

/** A trade-in paid out at `paidAt` for `amount`, as the admin's Mark Paid leaves it. */
async function boughtTradeIn(model: string, amount: number, paidAt: string) {
  const row = await insertTradeIn(t, { status: 'Paid', agentId: null, offeredAmount: amount, model, storage: '128GB' });
  const bank = { accountHolder: 'L Dube', bankName: 'FNB', accountNumber: '62123456789', branchCode: '250655' };
  await t.db.insert(tradeInPayouts).values({ tradeInId: row.id, ...bank, paidAt: new Date(paidAt) });
  return row.transactionNumber;
}

async function listed(number: string, price: number): Promise<string> {
  const { form } = await ok<{ form: object }>(admin('GET', `/api/admin/trade-ins/${number}/listing`));
  return (await ok<{ deviceId: string }>(admin('POST', `/api/admin/trade-ins/${number}/list`, { ...form, price }), 201))
    .deviceId;
}

const byHand = (model: string, quantity: number, price: number, unitCost: number | null) =>
  ok<{ id: string }>(
    admin('POST', '/api/admin/devices', {
      brand: 'Apple',
      model,
      type: 'laptop',
      condition: 'Good',
      storage: '256GB',
      price,
      quantity,
      inStock: true,
      unitCost,
    }),
    201,
  );

let phoneId = '';
let laptopId = '';
let olderId = '';
let orderInPeriod = '';

beforeAll(async () => {
  // Before the period: stock added by hand without a cost, one unit of it sold.
  await at('2026-11-01T08:00:00Z');
  olderId = (await byHand('MacBook Air 2019', 2, 9000, null)).id;
  await paid(t, [{ deviceId: olderId, quantity: 1 }]);

  // In the period (10 to 20 November, Johannesburg): two trade-ins paid out, one listed 26 hours after its payout.
  await at('2026-11-12T10:00:00Z');
  const listedOne = await boughtTradeIn('Galaxy S22', 4000, '2026-11-11T08:00:00Z');
  await boughtTradeIn('Galaxy A54', 3000, '2026-11-11T09:00:00Z');
  phoneId = await listed(listedOne, 6000);
  // Three laptops added by hand at R1,500 each.
  laptopId = (await byHand('MacBook Pro 2021', 3, 2500, 1500)).id;

  // Two days later one order buys the phone and two laptops, and R500 of it is refunded.
  await at('2026-11-14T10:00:00Z');
  const order = await paid(t, [
    { deviceId: phoneId, quantity: 1 },
    { deviceId: laptopId, quantity: 2 },
  ]);
  orderInPeriod = order.orderNumber;
  await at('2026-11-15T10:00:00Z');
  await ok(admin('POST', `/api/admin/payments/${order.payment.reference}/refund`, { amount: 500, reason: 'Scratch' }));
  // The last laptop is taken out of stock: written off.
  await ok(admin('PATCH', `/api/admin/devices/${laptopId}`, { quantity: 0 }));

  // After the period: the older stock's last unit sold.
  await at('2026-11-25T10:00:00Z');
  await paid(t, [{ deviceId: olderId, quantity: 1 }]);
  await at('2026-11-26T10:00:00Z');
});

describe('GET /api/admin/reports', () => {
  it('counts the units, money, margins by type and brand, and waits of the period exactly', async () => {
    const figures = await report('from=2026-11-10&to=2026-11-20');
    expect(figures).toEqual({
      from: '2026-11-10',
      to: '2026-11-20',
      units: { bought: 2, listed: 4, sold: 3, writtenOff: 1, returned: 0 },
      money: { boughtFor: 7000, revenue: 10500, received: 11000, refunded: 500, ordersPaid: 1 },
      margins: [
        {
          type: 'laptop',
          brand: 'Apple',
          unitsSold: 2,
          sales: 5000,
          cost: 3000,
          grossMargin: 2000,
          unitsWithoutCost: 0,
        },
        {
          type: 'phone',
          brand: 'Samsung',
          unitsSold: 1,
          sales: 6000,
          cost: 4000,
          grossMargin: 2000,
          unitsWithoutCost: 0,
        },
      ],
      total: {
        type: 'All',
        brand: 'All',
        unitsSold: 3,
        sales: 11000,
        cost: 7000,
        grossMargin: 4000,
        unitsWithoutCost: 0,
      },
      averageDays: { paidToListed: 1.1, listedToSold: 2 },
      // Every unit the store has had is sold or written off by now (the older stock's last one after the period).
      oldestUnsold: [],
    });
  });

  it('counts a unit sold without a recorded cost, and lists the units waiting longest', async () => {
    const early = await report('from=2026-11-01&to=2026-11-01');
    expect(early.units).toEqual({ bought: 0, listed: 2, sold: 1, writtenOff: 0, returned: 0 });
    expect(early.total).toMatchObject({ unitsSold: 1, sales: 9000, cost: 0, grossMargin: 9000, unitsWithoutCost: 1 });
    await at('2026-11-26T11:00:00Z');
    const spare = (await byHand('MacBook Air 2020', 1, 7000, 5000)).id;
    const now = await report('');
    expect(now.from).toBe('2026-10-28');
    expect(now.to).toBe('2026-11-26');
    expect(now.oldestUnsold).toEqual([
      {
        deviceId: spare,
        name: 'Apple MacBook Air 2020',
        source: 'by-hand',
        tradeInNumber: null,
        listedAt: '2026-11-26T11:00:00.000Z',
        daysWaiting: 0,
        price: 7000,
        cost: 5000,
      },
    ]);
  });

  it('reconciles with the Paystack, Orders and Transactions tabs over the whole store', async () => {
    const all = await report('from=2026-10-01&to=2026-11-30');
    const stats = await ok<{ totalRevenue: { amount: number }[] }>(admin('GET', '/api/admin/payments/stats'));
    expect(all.money.revenue * 100).toBe(stats.totalRevenue.reduce((sum, row) => sum + row.amount, 0));
    const orders = await ok<{ items: { orderNumber: string; paymentStatus: string }[] }>(
      admin('GET', '/api/admin/orders?pageSize=50'),
    );
    const paidOrders = orders.items.filter((order) => order.paymentStatus !== 'awaiting_payment');
    expect(all.money.ordersPaid).toBe(paidOrders.length);
    expect(paidOrders.map((order) => order.orderNumber)).toContain(orderInPeriod);
    const trades = await Promise.all(
      ['Paid', 'Listed'].map((status) =>
        ok<{ total: number; items: { offeredAmount: number }[] }>(
          admin('GET', `/api/admin/trade-ins?status=${status}`),
        ),
      ),
    );
    expect(all.units.bought).toBe(trades[0]!.total + trades[1]!.total);
    const paidOut = trades.flatMap((list) => list.items).reduce((sum, row) => sum + row.offeredAmount, 0);
    expect(all.money.boughtFor).toBe(paidOut);
    expect(all.total.sales).toBe(9000 + 11000 + 9000);
  });

  it('refuses a period that ends before it starts, under To', async () => {
    expectError(await admin('GET', '/api/admin/reports?from=2026-11-20&to=2026-11-10'), 400, {
      code: 'VALIDATION_FAILED',
      message: 'to: To must be on or after From',
      fields: { to: 'To must be on or after From' },
    });
  });

  it('is the admin’s alone', async () => {
    await expectAdminOnly(t, '/api/admin/reports');
  });
});

describe('GET /api/admin/reports/export.csv', () => {
  it('downloads the margins by type and brand and their total, as the tab shows them', async () => {
    const file = await downloadCsv(t, '/api/admin/reports/export.csv?from=2026-11-10&to=2026-11-20', adminCookie);
    expectCsvFile(file, 'reports-2026-11-26.csv', [
      'From',
      'To',
      'Type',
      'Brand',
      'Units sold',
      'Sales',
      'Cost',
      'Gross margin',
      'Units without a cost',
    ]);
    const line = (type: string, brand: string, figures: string[]) => {
      const [units, sales, cost, margin, none] = figures;
      return {
        From: '2026-11-10',
        To: '2026-11-20',
        Type: type,
        Brand: brand,
        'Units sold': units,
        Sales: sales,
        Cost: cost,
        'Gross margin': margin,
        'Units without a cost': none,
      };
    };
    expect(file.records).toEqual([
      line('laptop', 'Apple', ['2', '5000', '3000', '2000', '0']),
      line('phone', 'Samsung', ['1', '6000', '4000', '2000', '0']),
      line('All', 'All', ['3', '11000', '7000', '4000', '0']),
    ]);
  });
});
