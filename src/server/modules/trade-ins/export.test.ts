import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PagedReply } from '../../../shared/paging';
import type { StaffTradeIn } from '../../../shared/trade-ins';
import { auditLog, tradeInPayouts } from '../../db/schema';
import { createAgent, signedInAdmin } from '../../../../tests/support/accounts';
import { downloadCsv, expectAdminOnly } from '../../../../tests/support/csv';
import { expectError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { insertTradeIn } from '../../../../tests/support/trade-ins';

const EXPORT = '/api/admin/trade-ins/export.csv';
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
    const payout = (tradeInId: string, account: string, paid?: { reference: string; at: Date }) =>
      t.db.insert(tradeInPayouts).values({
        tradeInId,
        accountHolder: 'L Dube',
        bankName: 'FNB',
        branchCode: '250655',
        accountNumber: account,
        payoutReference: paid?.reference ?? null,
        paidAt: paid?.at ?? null,
      });
    const rows = [
      { key: 'new', status: 'Awaiting Confirmation', agentId: null },
      { key: 'offer', status: 'Offer Made', agentId: agent.id, offeredAmount: 4200 },
      { key: 'due1', status: 'Awaiting Payment', agentId: agent.id, offeredAmount: 4800 },
      { key: 'paid', status: 'Paid', agentId: agent.id, offeredAmount: 3900 },
      { key: 'due2', status: 'Awaiting Payment', agentId: agent.id, offeredAmount: 5100, customerName: INJECTED },
      { key: 'declined', status: 'Offer Declined', agentId: agent.id, offeredAmount: 1000 },
    ];
    for (const { key, ...values } of rows) {
      const row = await insertTradeIn(t, { customerEmail: `${key}@example.co.za`, ...values });
      numbers[key] = row.transactionNumber;
      if (key === 'due1') await payout(row.id, '62000000001');
      if (key === 'due2') await payout(row.id, '62000000002');
      if (key === 'paid')
        await payout(row.id, '62000000003', { reference: 'EFT-7781', at: new Date('2026-11-20T09:30:00Z') });
    }
  });

  const exportAudits = () => t.db.select().from(auditLog).where(eq(auditLog.action, 'trade_in.export'));

  it('is for the admin only: 401 signed out, 403 for an agent, and nothing audited', async () => {
    await expectAdminOnly(t, EXPORT);
    expect(await exportAudits()).toEqual([]);
  });

  it('downloads every trade-in once, newest first across batches, with the mark and the header row', async () => {
    const file = await downloadCsv(t, EXPORT, admin.cookie);
    expect(file.res.statusCode).toBe(200);
    expect(file.res.headers['content-disposition']).toBe('attachment; filename="transactions-2026-11-22.csv"');
    expect(file.hasBom).toBe(true);
    expect(file.headers).toEqual(HEADERS);
    const list = (
      await send(t.app, 'GET', '/api/admin/trade-ins?pageSize=50', { cookie: admin.cookie })
    ).json() as PagedReply<StaffTradeIn>;
    expect(file.records.map((r) => r['Transaction number'])).toEqual(list.items.map((row) => row.transactionNumber));
    expect(file.records).toHaveLength(6);
    for (const [i, record] of file.records.entries()) expect(record.Date).toBe(list.items[i]!.submittedDate);
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
      'Account holder': 'L Dube',
      Bank: 'FNB',
      'Branch code': '250655',
      'Account number': '62000000001',
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
    ).toEqual(['62000000001', '62000000002']);
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

  it('audits each export once: who, from where and which filter', async () => {
    const before = (await exportAudits()).length;
    await downloadCsv(t, `${EXPORT}?status=Awaiting+Payment&q=example`, admin.cookie);
    const entries = await exportAudits();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      ip: expect.stringMatching(/\S/),
      entityType: 'trade_in',
      entityId: 'status=Awaiting+Payment&q=example',
      details: { q: 'example', status: 'Awaiting Payment' },
    });
    await downloadCsv(t, EXPORT, admin.cookie);
    expect((await exportAudits()).at(-1)).toMatchObject({ entityId: 'all', details: { q: '', status: '' } });
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
    const list = (
      await send(t.app, 'GET', '/api/admin/trade-ins?pageSize=50', { cookie: admin.cookie })
    ).json() as PagedReply<StaffTradeIn>;
    expect(records.map((r) => r['Transaction number'])).toEqual(list.items.map((row) => row.transactionNumber));
    expect(new Set(records.map((r) => r['Transaction number']))).toEqual(new Set(Object.values(numbers)));
  });
});
