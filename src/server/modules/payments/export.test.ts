import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPayment } from '../../../shared/payments';
import { signedInAdmin } from '../../../../tests/support/accounts';
import { customer, paid, refundedByAdmin } from '../../../../tests/support/checkout';
import { adminList, downloadCsv, downloadXlsx, expectAdminOnly, expectCsvFile } from '../../../../tests/support/csv';
import { insertDevices } from '../../../../tests/support/devices';
import { expectFieldError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';

const EXPORT = '/api/admin/payments/export.csv';
const HEADERS = [
  'Reference',
  'Order number',
  'Provider',
  'Customer email',
  'Customer name',
  'Status',
  'Amount',
  'Refunded',
  'Currency',
  'Channel',
  'Date',
  'Paid at',
];
const INJECTED = '@SUM(1+1)*cmd|" /C calc"!A0';

describe('GET /api/admin/payments/export.csv', () => {
  // Batches of 2 rows: five payments take three reads.
  const t = useTestApp({ CSV_BATCH_SIZE: '2' });
  let admin: string;
  const orders = new Map<string, string>();

  beforeAll(async () => {
    admin = (await signedInAdmin(t)).cookie;
    const [device] = await insertDevices(t.db, [{ price: 1999, quantity: 20 }]);
    for (const [i, email] of [
      'a@example.co.za',
      'b@example.co.za',
      'c@example.co.za',
      'd@example.co.za',
      'e@example.co.za',
    ].entries()) {
      const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }], {
        customer: customer({ email, firstName: i === 1 ? INJECTED : 'Thandi' }),
      });
      orders.set(order.payment.reference, order.orderNumber);
      t.clock.advance(60_000);
    }
    const [first] = orders.keys();
    await refundedByAdmin(t, admin, first!, { amount: 0.99, reason: 'Price match' });
  });

  it('is for the admin only: 401 signed out, 403 for an agent', async () => {
    await expectAdminOnly(t, EXPORT);
  });

  it('downloads every payment once, newest first across batches, with the mark, the header row and each order', async () => {
    const file = await downloadCsv(t, EXPORT, admin);
    expectCsvFile(file, 'payments-2026-11-22.csv', HEADERS);
    const list = await adminList<AdminPayment>(t, '/api/admin/payments', admin);
    expect(file.records.map((r) => r.Reference)).toEqual(list.map((p) => p.reference));
    expect(file.records).toHaveLength(5);
    for (const record of file.records) expect(record['Order number']).toBe(orders.get(record.Reference!));
  });

  it('writes amounts in currency units as numbers and ISO dates', async () => {
    const { records } = await downloadCsv(t, EXPORT, admin);
    const [first] = orders.keys();
    expect(records.find((r) => r.Reference === first)).toMatchObject({
      Provider: 'sandbox',
      Status: 'success',
      Amount: '1999',
      Refunded: '0.99',
      Currency: 'NGN',
      Channel: 'card',
    });
    for (const record of records) {
      expect(record.Date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(record['Paid at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
  });

  it("prefixes a payer's name that starts a formula with '", async () => {
    const { records } = await downloadCsv(t, `${EXPORT}?q=b%40example.co.za`, admin);
    expect(records.map((r) => r['Customer email'])).toEqual(['b@example.co.za']);
    expect(records[0]!['Customer name']).toBe(`'${INJECTED} Nkosi`);
  });

  it('downloads the same payments as a workbook: the payer as written, amounts as numbers', async () => {
    const workbook = await downloadXlsx(t, '/api/admin/payments/export.xlsx?q=b%40example.co.za', admin);
    expect(workbook.res.headers['content-disposition']).toBe('attachment; filename="payments-2026-11-22.xlsx"');
    expect(workbook.headers).toEqual(HEADERS);
    expect(workbook.records).toHaveLength(1);
    expect(workbook.records[0]).toMatchObject({
      'Customer name': { type: 'text', value: `${INJECTED} Nkosi` },
      Amount: { type: 'number', value: 1999 },
      'Paid at': { type: 'time' },
    });
  });

  it('holds exactly the rows the filter matches', async () => {
    const reversed = await downloadCsv(t, `${EXPORT}?status=failed`, admin);
    expect(reversed.records).toEqual([]);
    const some = await downloadCsv(t, `${EXPORT}?q=c%40example&status=success`, admin);
    expect(some.records.map((r) => r['Customer email'])).toEqual(['c@example.co.za']);
  });

  it('refuses an unknown status with 400, as the list does', async () => {
    const res = await send(t.app, 'GET', `${EXPORT}?status=lost`, { cookie: admin });
    expectFieldError(res, 400, 'VALIDATION_FAILED', 'status', 'Unknown payment status');
  });
});
