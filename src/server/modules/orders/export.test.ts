import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderRow } from '../../../shared/admin-orders';
import { signedInAdmin } from '../../../../tests/support/accounts';
import { customer, paid, placed, refundedByAdmin } from '../../../../tests/support/checkout';
import { adminList, downloadCsv, downloadXlsx, expectAdminOnly, expectCsvFile } from '../../../../tests/support/csv';
import { insertDevices } from '../../../../tests/support/devices';
import { expectError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';

const EXPORT = '/api/admin/orders/export.csv';
const HEADERS = [
  'Order number',
  'Date',
  'Customer name',
  'Customer email',
  'Status',
  'Payment status',
  'Items',
  'Item count',
  'Subtotal',
  'Total',
  'Refunded',
  'Currency',
  'Payment reference',
  'Courier',
  'Tracking number',
];
const INJECTED = '=HYPERLINK("http://evil.example","Open")';

describe('GET /api/admin/orders/export.csv', () => {
  // Batches of 2 rows: five orders take three reads, so paging from one batch to the next is exercised.
  const t = useTestApp({ CSV_BATCH_SIZE: '2' });
  let admin: string;
  const orderNumbers: string[] = [];
  let refundedReference = '';
  /** The refunded order's lines as the file writes them: by name, each with its quantity. */
  let refundedItems = '';

  beforeAll(async () => {
    admin = (await signedInAdmin(t)).cookie;
    const [phone, laptop] = await insertDevices(t.db, [
      { price: 3000, quantity: 10 },
      { price: 1250, quantity: 10 },
    ]);
    refundedItems = [`${phone!.name} (2x)`, `${laptop!.name} (1x)`].sort().join('; ');
    const buyers = [
      customer({ email: 'one@example.co.za' }),
      customer({ firstName: INJECTED, email: 'two@example.co.za' }),
      customer({ email: 'three@example.co.za' }),
      customer({ email: 'four@example.co.za' }),
    ];
    for (const buyer of buyers) {
      const order = await paid(
        t,
        [
          { deviceId: phone!.id, quantity: 2 },
          { deviceId: laptop!.id, quantity: 1 },
        ],
        { customer: buyer },
      );
      orderNumbers.push(order.orderNumber);
      refundedReference = order.payment.reference;
      t.clock.advance(60_000);
    }
    // One unpaid order, still pending payment.
    const unpaid = await placed(t, [{ deviceId: laptop!.id, quantity: 1 }], {
      customer: customer({ email: 'five@example.co.za' }),
    });
    orderNumbers.push(unpaid.orderNumber);
    await refundedByAdmin(t, admin, refundedReference, { amount: 250.5, reason: 'Scratched lid' });
  });

  it('is for the admin only: 401 signed out, 403 for an agent', async () => {
    await expectAdminOnly(t, EXPORT);
  });

  it('downloads a UTF-8 file with a byte-order mark and the header row, named by the day', async () => {
    const file = await downloadCsv(t, EXPORT, admin);
    expectCsvFile(file, 'orders-2026-11-22.csv', HEADERS);
  });

  it('holds every order once, newest first as the list shows them, across several batches', async () => {
    const file = await downloadCsv(t, EXPORT, admin);
    const list = await adminList<AdminOrderRow>(t, '/api/admin/orders', admin);
    expect(file.records.map((r) => r['Order number'])).toEqual(list.map((o) => o.orderNumber));
    expect(new Set(file.records.map((r) => r['Order number']))).toEqual(new Set(orderNumbers));
  });

  it('writes ISO dates and amounts as plain numbers in the order currency, refunds included', async () => {
    const { records } = await downloadCsv(t, EXPORT, admin);
    const list = await adminList<AdminOrderRow>(t, '/api/admin/orders', admin);
    for (const [i, record] of records.entries()) {
      expect(record.Date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(record.Date).toBe(list[i]!.createdAt);
    }
    const refunded = records.find((r) => r['Customer email'] === 'four@example.co.za')!;
    expect(refunded).toMatchObject({
      'Item count': '3',
      Subtotal: '7250',
      Total: '7250',
      Refunded: '250.5',
      Currency: 'NGN',
      Status: 'pending',
      'Payment status': 'paid',
      'Payment reference': refundedReference,
    });
    expect(refunded.Items).toBe(refundedItems);
    const unpaid = records.find((r) => r['Customer email'] === 'five@example.co.za')!;
    expect(unpaid).toMatchObject({ 'Payment status': 'awaiting_payment', Total: '1250', Refunded: '0' });
  });

  it("prefixes a cell a spreadsheet would run as a formula with '", async () => {
    const { records, text } = await downloadCsv(t, EXPORT, admin);
    const record = records.find((r) => r['Customer email'] === 'two@example.co.za')!;
    expect(record['Customer name']).toBe(`'${INJECTED} Nkosi`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('downloads the same orders as a workbook: text as written, amounts as numbers, times as dates', async () => {
    const workbook = await downloadXlsx(t, '/api/admin/orders/export.xlsx?q=two%40example.co.za', admin);
    expect(workbook.res.headers['content-disposition']).toBe('attachment; filename="orders-2026-11-22.xlsx"');
    expect(workbook.sheetName).toBe('Orders');
    expect(workbook.headers).toEqual(HEADERS);
    expect(workbook.records).toHaveLength(1);
    expect(workbook.records[0]).toMatchObject({
      'Customer name': { type: 'text', value: `${INJECTED} Nkosi` },
      Total: { type: 'number', value: 7250 },
      Refunded: { type: 'number', value: 0 },
      Date: { type: 'time' },
    });
  });

  it('holds exactly the rows the filter matches: a search, a status, both', async () => {
    const search = await downloadCsv(t, `${EXPORT}?q=three%40example.co.za`, admin);
    expect(search.records.map((r) => r['Customer email'])).toEqual(['three@example.co.za']);
    const byName = await downloadCsv(t, `${EXPORT}?q=HYPERLINK`, admin);
    expect(byName.records.map((r) => r['Customer email'])).toEqual(['two@example.co.za']);
    const pending = await downloadCsv(t, `${EXPORT}?status=pending&q=example.co.za`, admin);
    expect(pending.records).toHaveLength(5);
    const none = await downloadCsv(t, `${EXPORT}?status=delivered`, admin);
    expect(none.hasBom).toBe(true);
    expect(none.headers).toEqual(HEADERS);
    expect(none.records).toEqual([]);
  });

  it('refuses a filter the list refuses, with 400 and the field', async () => {
    const res = await send(t.app, 'GET', `${EXPORT}?status=lost`, { cookie: admin });
    expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'status: Unknown order status',
      fields: { status: 'Unknown order status' },
    });
  });
});
