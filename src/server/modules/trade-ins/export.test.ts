import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffTradeIn } from '../../../shared/trade-ins';
import { auditLog, tradeInPayouts } from '../../db/schema';
import { systemClock } from '../../lib/clock';
import { withoutFormulas } from '../../lib/csv';
import { createAgent, signedInAdmin } from '../../../../tests/support/accounts';
import { adminList, downloadCsv, downloadXlsx, expectAdminOnly, expectCsvFile } from '../../../../tests/support/csv';
import { expectError } from '../../../../tests/support/errors';
import { createTestApp, send, useTestApp, type TestApp } from '../../../../tests/support/test-app';
import { insertTradeIn } from '../../../../tests/support/trade-ins';
import type { XlsxCell } from '../../../../tests/support/xlsx';
import { exportTradeIns } from './export';

const EXPORT = '/api/admin/trade-ins/export.csv';
const WORKBOOK = '/api/admin/trade-ins/export.xlsx';
const HEADERS = [
  'Transaction number',
  'Date',
  'Seller name',
  'Seller email',
  'Seller phone',
  'Device',
  'Device type',
  'Condition',
  'Status',
  'Agent',
  'Estimated value',
  'Offer',
  'Currency',
  'Amount to pay',
  'Payout reference',
  'Paid at',
  'Account holder',
  'Bank',
  'Branch code',
  'Account number',
];
const INJECTED = '+27 82 =HYPERLINK("http://evil.example")';

describe('GET /api/admin/trade-ins/export.csv', () => {
  // Batches of 2 rows: six trade-ins take four reads.
  const t = useTestApp({ CSV_BATCH_SIZE: '2' });
  let admin: { id: string; cookie: string };
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    admin = await signedInAdmin(t);
    const agent = await createAgent(t);
    const rows = [
      { key: 'new', status: 'Awaiting Confirmation', agentId: null },
      { key: 'offer', status: 'Offer Made', agentId: agent.id, offeredAmount: 4200 },
      {
        key: 'due1',
        status: 'Awaiting Payment',
        agentId: agent.id,
        offeredAmount: 4800,
        customerPhone: '+27821234567',
      },
      { key: 'paid', status: 'Paid', agentId: agent.id, offeredAmount: 3900 },
      { key: 'due2', status: 'Awaiting Payment', agentId: agent.id, offeredAmount: 5100, customerName: INJECTED },
      { key: 'declined', status: 'Offer Declined', agentId: agent.id, offeredAmount: 1000 },
    ];
    for (const { key, ...values } of rows) {
      const row = await insertTradeIn(t, { customerEmail: `${key}@example.co.za`, ...values });
      numbers[key] = row.transactionNumber;
      // Standard Bank's universal branch code and an account number, both with a leading zero.
      if (key === 'due1') await payout(t, row.id, { branchCode: '051001', accountNumber: '012345678901' });
      if (key === 'due2') await payout(t, row.id, { accountNumber: '62000000002' });
      if (key === 'paid') {
        await payout(t, row.id, {
          accountNumber: '62000000003',
          payoutReference: 'EFT-7781',
          paidAt: new Date('2026-11-20T09:30:00Z'),
        });
      }
    }
  });

  const exportAudits = () => exportAuditsOf(t);

  it('is for the admin only, as CSV and as a workbook: 401 signed out, 403 for an agent, and nothing audited', async () => {
    await expectAdminOnly(t, EXPORT);
    await expectAdminOnly(t, WORKBOOK);
    expect(await exportAudits()).toEqual([]);
  });

  it('downloads every trade-in once, newest first across batches, with the mark and the header row', async () => {
    const file = await downloadCsv(t, EXPORT, admin.cookie);
    expectCsvFile(file, 'transactions-2026-11-22.csv', HEADERS);
    const list = await adminList<StaffTradeIn>(t, '/api/admin/trade-ins', admin.cookie);
    expect(file.records.map((r) => r['Transaction number'])).toEqual(list.map((row) => row.transactionNumber));
    expect(file.records).toHaveLength(6);
    for (const [i, record] of file.records.entries()) expect(record.Date).toBe(list[i]!.submittedDate);
  });

  it('gives the payout account and the amount to pay on payouts due only; a paid one its reference and date', async () => {
    const { records } = await downloadCsv(t, EXPORT, admin.cookie);
    const byNumber = (key: string) => records.find((r) => r['Transaction number'] === numbers[key])!;
    expect(byNumber('due1')).toMatchObject({
      Status: 'Awaiting Payment',
      Agent: 'Sarah Mitchell',
      Device: 'Samsung Galaxy S21',
      'Estimated value': '5000',
      Offer: '4800',
      Currency: 'ZAR',
      'Amount to pay': '4800',
      'Seller phone': "'+27821234567",
      'Account holder': 'L Dube',
      Bank: 'FNB',
      'Branch code': '051001',
      'Account number': '012345678901',
      'Payout reference': '',
    });
    expect(byNumber('paid')).toMatchObject({
      Status: 'Paid',
      'Amount to pay': '',
      'Payout reference': 'EFT-7781',
      'Paid at': '2026-11-20T09:30:00.000Z',
      'Account holder': '',
      Bank: '',
      'Branch code': '',
      'Account number': '',
    });
    expect(byNumber('new')).toMatchObject({ Agent: '', Offer: '', 'Amount to pay': '', 'Account number': '' });
    expect(
      records
        .map((r) => r['Account number'])
        .filter(Boolean)
        .sort(),
    ).toEqual(['012345678901', '62000000002']);
  });

  it('lists the payouts due alone under the Awaiting Payment filter, and prefixes a formula', async () => {
    const { records } = await downloadCsv(t, `${EXPORT}?status=Awaiting+Payment`, admin.cookie);
    expect(records.map((r) => r['Transaction number']).sort()).toEqual([numbers.due1, numbers.due2].sort());
    expect(records.find((r) => r['Transaction number'] === numbers.due2)!['Seller name']).toBe(`'${INJECTED}`);
  });

  it('holds exactly the rows a search matches', async () => {
    const { records } = await downloadCsv(t, `${EXPORT}?q=declined%40example.co.za`, admin.cookie);
    expect(records.map((r) => r['Transaction number'])).toEqual([numbers.declined]);
  });

  it('audits each export once: who, from where, which filter, and every account it holds by its last four digits', async () => {
    const before = (await exportAudits()).length;
    await downloadCsv(t, `${EXPORT}?status=Awaiting+Payment&q=example`, admin.cookie);
    const entries = await exportAudits();
    expect(entries).toHaveLength(before + 1);
    // Newest first, as the file lists them.
    const accounts = [
      { transactionNumber: numbers.due2, bankName: 'FNB', accountEnding: '0002' },
      { transactionNumber: numbers.due1, bankName: 'FNB', accountEnding: '8901' },
    ];
    expect(entries.at(-1)).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      ip: expect.stringMatching(/\S/),
      entityType: 'trade_in',
      entityId: 'status=Awaiting+Payment&q=example',
      details: { q: 'example', status: 'Awaiting Payment', format: 'csv', payoutAccounts: 2, accounts },
    });
    await downloadXlsx(t, WORKBOOK, admin.cookie);
    expect((await exportAudits()).at(-1)).toMatchObject({
      entityId: 'all',
      details: { q: '', status: '', format: 'xlsx', payoutAccounts: 2, accounts },
    });
    await downloadCsv(t, `${EXPORT}?q=declined%40example.co.za`, admin.cookie);
    expect((await exportAudits()).at(-1)!.details).toEqual({
      q: 'declined@example.co.za',
      status: '',
      format: 'csv',
      payoutAccounts: 0,
      accounts: [],
    });
    const logged = JSON.stringify(await exportAudits());
    for (const whole of ['012345678901', '62000000002', '62000000003']) expect(logged).not.toContain(whole);
  });

  it('refuses an unknown status with 400 and audits nothing', async () => {
    const before = (await exportAudits()).length;
    const res = await send(t.app, 'GET', `${EXPORT}?status=Lost`, { cookie: admin.cookie });
    expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'status: Choose a status from the list',
      fields: { status: 'Choose a status from the list' },
    });
    expect(await exportAudits()).toHaveLength(before);
  });

  // Last: it adds rows. Three trade-ins made in the same microsecond straddle a batch boundary (batches of 2).
  it('neither skips nor repeats rows that share a creation time', async () => {
    const at = new Date('2026-11-21T08:00:00.123Z');
    for (const key of ['tie1', 'tie2', 'tie3']) {
      numbers[key] = (await insertTradeIn(t, { status: 'Confirmed', agentId: null, createdAt: at })).transactionNumber;
    }
    const { records } = await downloadCsv(t, EXPORT, admin.cookie);
    const list = await adminList<StaffTradeIn>(t, '/api/admin/trade-ins', admin.cookie);
    expect(records.map((r) => r['Transaction number'])).toEqual(list.map((row) => row.transactionNumber));
    expect(new Set(records.map((r) => r['Transaction number']))).toEqual(new Set(Object.values(numbers)));
  });
});

describe('GET /api/admin/trade-ins/export.xlsx', () => {
  const t = useTestApp({ CSV_BATCH_SIZE: '2' });
  let cookie: string;
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    cookie = (await signedInAdmin(t)).cookie;
    const agent = await createAgent(t);
    for (const [key, values] of Object.entries({
      due: { customerName: 'Bob;=1+1', customerPhone: '+27 82 123 4567' },
      injected: { customerName: INJECTED, customerPhone: '+27821234567' },
      zeros: { customerName: 'Zanele Mokoena', customerPhone: '0821234567' },
    })) {
      const row = await insertTradeIn(t, {
        status: 'Awaiting Payment',
        agentId: agent.id,
        offeredAmount: 4800,
        customerEmail: `${key}@example.co.za`,
        ...values,
      });
      numbers[key] = row.transactionNumber;
      await payout(t, row.id, { branchCode: '051001', accountNumber: `0${key.length}2345678901` });
    }
  });

  it('gives the payer every identifier as a text cell exactly as the seller gave it, and each amount as a number', async () => {
    const file = await downloadXlsx(t, `${WORKBOOK}?status=Awaiting+Payment`, cookie);
    expect(file.res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.res.headers['content-disposition']).toBe('attachment; filename="transactions-2026-11-22.xlsx"');
    expect(file.sheetName).toBe('Transactions');
    expect(file.headers).toEqual(HEADERS);
    const record = (key: string) => file.records.find((r) => text(r['Transaction number'] ?? null) === numbers[key])!;
    expect(record('due')).toMatchObject({
      'Seller name': { type: 'text', value: 'Bob;=1+1' },
      'Seller phone': { type: 'text', value: '+27 82 123 4567' },
      'Branch code': { type: 'text', value: '051001', format: '@' },
      'Account number': { type: 'text', value: '032345678901', format: '@' },
      'Amount to pay': { type: 'number', value: 4800 },
      Date: { type: 'time' },
    });
    expect(record('injected')).toMatchObject({
      'Seller name': { type: 'text', value: INJECTED },
      'Seller phone': { type: 'text', value: '+27821234567' },
    });
    expect(record('zeros')['Seller phone']).toMatchObject({ type: 'text', value: '0821234567' });
  });

  it('holds what the CSV holds, row for row and cell for cell (the CSV with its formula starts made text)', async () => {
    const workbook = await downloadXlsx(t, WORKBOOK, cookie);
    const csv = await downloadCsv(t, EXPORT, cookie);
    expect(workbook.headers).toEqual(csv.headers);
    expect(
      workbook.records.map((record) => Object.fromEntries(Object.entries(record).map(([h, c]) => [h, asCsv(c)]))),
    ).toEqual(csv.records);
  });
});

describe('HEAD /api/admin/trade-ins/export.csv and .xlsx', () => {
  const statements: string[] = [];
  let store: TestApp;
  let cookie: string;
  beforeAll(async () => {
    store = await createTestApp({}, { logger: { logQuery: (query) => void statements.push(query) } });
    cookie = (await signedInAdmin(store)).cookie;
    const row = await insertTradeIn(store, { status: 'Awaiting Payment', agentId: null, offeredAmount: 100 });
    await payout(store, row.id, { accountNumber: '012345678901' });
  });
  afterAll(() => store.close());

  it('answers what GET would, reading no trade-in and writing no audit entry', async () => {
    for (const [url, type] of [
      [EXPORT, 'text/csv; charset=utf-8'],
      [WORKBOOK, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ] as const) {
      statements.length = 0;
      const res = await send(store.app, 'HEAD', `${url}?status=Awaiting+Payment`, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="transactions-2026-11-22\.(csv|xlsx)"$/,
      );
      expect(res.body).toBe('');
      expect(statements.filter((query) => /trade_in|audit_log/.test(query))).toEqual([]);
    }
    expect(await exportAuditsOf(store)).toEqual([]);
    // A filter the list refuses is refused by HEAD too.
    expect((await send(store.app, 'HEAD', `${EXPORT}?status=Lost`, { cookie })).statusCode).toBe(400);
  });
});

describe('exportTradeIns', () => {
  const t = useTestApp({ CSV_BATCH_SIZE: '1' });

  it('writes exactly the accounts its audit entry named, though one changes and another falls due while it streams', async () => {
    const first = await insertTradeIn(t, { status: 'Awaiting Payment', agentId: null, offeredAmount: 100 });
    await payout(t, first.id, { accountNumber: '012345678901' });
    const file = await exportTradeIns({
      db: t.db,
      clock: systemClock,
      actor: { id: null, role: 'admin' },
      query: { q: '', status: 'Awaiting Payment' },
      format: 'csv',
      storeCurrency: 'ZAR',
      batchSize: 1,
    });
    // After the entry was written and before a row is read: the seller changes the account, and another sale falls due.
    await t.db
      .update(tradeInPayouts)
      .set({ accountNumber: '99999999999' })
      .where(eq(tradeInPayouts.tradeInId, first.id));
    const later = await insertTradeIn(t, { status: 'Awaiting Payment', agentId: null, offeredAmount: 200 });
    await payout(t, later.id, { accountNumber: '55555555555' });

    const written: Record<string, unknown> = {};
    for await (const batch of file.batches) {
      for (const row of batch) written[row.tradeIn.transactionNumber] = row.account?.accountNumber ?? null;
    }
    expect(written).toEqual({ [first.transactionNumber]: '012345678901', [later.transactionNumber]: null });
    const [entry] = await exportAuditsOf(t);
    expect(entry!.details).toMatchObject({
      payoutAccounts: 1,
      accounts: [{ transactionNumber: first.transactionNumber, accountEnding: '8901' }],
    });
  });
});

function exportAuditsOf(store: Pick<TestApp, 'db'>) {
  return store.db.select().from(auditLog).where(eq(auditLog.action, 'trade_in.export'));
}

/** A seller's payout account on a trade-in (FNB, L Dube unless given), with its payment's reference once paid. */
function payout(store: Pick<TestApp, 'db'>, tradeInId: string, values: Partial<typeof tradeInPayouts.$inferInsert>) {
  return store.db.insert(tradeInPayouts).values({
    tradeInId,
    accountHolder: 'L Dube',
    bankName: 'FNB',
    branchCode: '250655',
    accountNumber: '62000000001',
    ...values,
  });
}

const text = (cell: XlsxCell | null) => (cell?.type === 'text' ? cell.value : null);

/** A workbook's cell as the CSV writes it: text with its formula starts made text, a number, a time in ISO 8601. */
function asCsv(cell: XlsxCell | null): string {
  if (!cell) return '';
  if (cell.type === 'text') return withoutFormulas(cell.value);
  return cell.type === 'time' ? cell.value.toISOString() : String(cell.value);
}
