import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import type { CheckoutReply } from '../../src/shared/orders';
import { parseCsv } from '../support/csv';
import { readXlsx } from '../support/xlsx';
import type { Device } from '../../src/shared/catalog';
import { PAYOUTS_DUE_STATUS } from '../../src/shared/admin-exports';
import { Api, expect, ORDER_CUSTOMER, signInStaff, test, uniqueId } from './fixtures';
import { acceptOfferByEmail, assignedTablet, SELLER_ACCOUNT } from './sell-form';

// The admin's CSV exports, in a real browser against the real server: the list as filtered, downloaded.

test.use({ viewport: { width: 1280, height: 800 } });

/** The downloaded file as a spreadsheet reads it: whether it starts with the byte-order mark, and its rows by header. */
async function csvOf(download: Download) {
  const text = await readFile(await download.path(), 'utf8');
  const [headers = [], ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  return {
    hasBom: text.startsWith('\uFEFF'),
    headers,
    records: rows.map((cells) => Object.fromEntries(headers.map((header, i) => [header, cells[i] ?? '']))),
  };
}

const order = (api: Api, device: Device, firstName: string, email: string) =>
  api.expect<CheckoutReply>(
    api.post('/api/checkout', {
      items: [{ deviceId: device.id, quantity: 1 }],
      customer: { ...ORDER_CUSTOMER, firstName, email },
    }),
    201,
  );

test('the admin filters Orders and exports exactly those orders as CSV', async ({
  signInAs,
  page,
  api,
  makeDevice,
}) => {
  const id = uniqueId();
  const device = await makeDevice({ price: 3100, quantity: 5 });
  const first = await order(api, device, 'Ayanda', `csv.${id}.a@example.co.za`);
  const second = await order(api, device, '=HYPERLINK("http://evil.example")', `csv.${id}.b@example.co.za`);
  await order(api, device, 'Other', `other.${id}@example.co.za`);
  await signInAs('admin');

  await page.goto('/admin?tab=orders');
  const search = page.getByLabel('Search by order number, name or email');
  await search.fill(`csv.${id}`);
  await search.press('Enter');
  await page.getByLabel('Status').selectOption('Pending');
  await expect(page.getByText('2 orders', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: `Order ${first.orderNumber}` })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await csvOf(download);
  expect(file.hasBom).toBe(true);
  expect(file.headers.slice(0, 6)).toEqual([
    'Order number',
    'Date',
    'Customer name',
    'Customer email',
    'Status',
    'Payment status',
  ]);
  expect(file.records.map((r) => r['Order number'])).toEqual([second.orderNumber, first.orderNumber]);
  expect(file.records[0]).toMatchObject({
    'Customer name': `'=HYPERLINK("http://evil.example") Nkosi`,
    Status: 'pending',
    'Payment status': 'awaiting_payment',
    Total: '3100',
    'Item count': '1',
    Currency: 'NGN',
  });
  expect(file.records[1]!.Date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
});

test('a search and a status changed in one moment both stay, in the address and in the export', async ({
  signInAs,
  page,
}) => {
  await signInAs('admin');
  await page.goto('/admin?tab=transactions');
  await expect(page.getByLabel('Status')).toBeVisible();
  const email = 'nobody.here@example.com';
  // Both in one task, so the page cannot draw between them: the second change must not undo the first.
  await page.evaluate(
    ({ email, status }) => {
      const search = document.querySelector<HTMLInputElement>('form[role="search"] input[name="q"]')!;
      search.value = email;
      search.form!.requestSubmit();
      const select = document.querySelector<HTMLSelectElement>('main select')!;
      select.value = status;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    },
    { email, status: PAYOUTS_DUE_STATUS },
  );
  const filtersOf = (url: string) => {
    const params = new URL(url, page.url()).searchParams;
    return { q: params.get('q'), status: params.get('status') };
  };
  await expect.poll(() => filtersOf(page.url()).status).toBe(PAYOUTS_DUE_STATUS);
  expect(filtersOf(page.url())).toEqual({ q: email, status: PAYOUTS_DUE_STATUS });
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect
    .poll(async () => filtersOf((await exportLink.getAttribute('href'))!))
    .toEqual({
      q: email,
      status: PAYOUTS_DUE_STATUS,
    });
});

/** A payout account whose identifiers a spreadsheet would re-type: Standard Bank's universal branch code, a leading zero. */
const ZERO_LED_ACCOUNT = {
  ...SELLER_ACCOUNT,
  bankName: 'Standard Bank',
  branchCode: '051001',
  accountNumber: '012345678901',
};

test('the admin picks Payouts due on Transactions and exports them with the payout accounts, as CSV and as Excel', async ({
  signInAs,
  page,
  api,
  admin,
  playwright,
  baseURL,
}) => {
  const id = uniqueId();
  const email = `payout.${id}@example.com`;
  const password = 'Table-Mountain-2026';
  const agent = await admin.expect<{ id: string; username: string }>(
    admin.post('/api/admin/agents', {
      name: `Lerato Khumalo ${id}`,
      email: `agent.${id}@quickbuy.co.za`,
      phone: '+27 72 555 0101',
      role: 'Agent',
      username: `agent.${id}`,
      password,
    }),
    201,
  );
  /** A trade-in by this seller, confirmed and assigned to the agent; with an offer of `offer` when given. */
  const tradeIn = async (offer?: number) => {
    const number = await assignedTablet(api, admin, agent.id, email);
    if (offer)
      await agentApi.expect(agentApi.post(`/api/agent/trade-ins/${number}/offer`, { amount: offer, notes: '' }));
    return number;
  };
  const agentApi = new Api(await playwright.request.newContext({ baseURL }));
  await signInStaff(agentApi, { username: agent.username, password });
  const due = await tradeIn(6500);
  const waiting = await tradeIn();
  await agentApi.request.dispose();
  // The seller accepts from the offer email's link, naming the account to be paid.
  await acceptOfferByEmail(api, email, due, ZERO_LED_ACCOUNT);
  await signInAs('admin');

  await page.goto('/admin?tab=transactions');
  const search = page.getByLabel('Search by transaction number, name or email');
  await search.fill(email);
  await search.press('Enter');
  await expect(page.getByRole('listitem', { name: waiting })).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Payouts due (Awaiting Payment)' });
  await expect(page.getByRole('listitem', { name: waiting })).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: due })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await csvOf(download);
  expect(file.hasBom).toBe(true);
  expect(file.headers[0]).toBe('Transaction number');
  expect(file.records).toHaveLength(1);
  expect(file.records[0]).toMatchObject({
    'Transaction number': due,
    Status: 'Awaiting Payment',
    'Seller email': email,
    Agent: `Lerato Khumalo ${id}`,
    'Amount to pay': '6500',
    Currency: 'ZAR',
    'Account holder': 'Naledi Mokoena',
    Bank: 'Standard Bank',
    'Branch code': '051001',
    'Account number': '012345678901',
  });

  // The file the payer opens in a spreadsheet: the same row, every identifier a text cell exactly as given.
  const [workbook] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export Excel (.xlsx)' }).click(),
  ]);
  expect(workbook.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheet = readXlsx(await readFile(await workbook.path()));
  expect(sheet.records).toHaveLength(1);
  const textCell = (value: string) => ({ type: 'text', value, format: '@' });
  expect(sheet.records[0]).toMatchObject({
    'Transaction number': textCell(due),
    'Seller email': textCell(email),
    'Amount to pay': { type: 'number', value: 6500 },
    'Branch code': textCell('051001'),
    'Account number': textCell('012345678901'),
  });
  expect(sheet.records[0]!['Seller phone']).toMatchObject({ type: 'text', value: expect.stringMatching(/^(\+27|0)/) });

  // On screen the payout is in the currency the file names, the one the seller accepted: rand.
  const row = page.getByRole('listitem', { name: due });
  await expect(row).toContainText('R6,500');
  await row.getByRole('button', { name: 'Mark Paid' }).click();
  await expect(page.getByRole('dialog', { name: 'Mark Paid' })).toContainText('Amount to pay: R6,500');
});
