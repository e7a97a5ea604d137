import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PAYOUTS_DUE_STATUS, type ExportFormat } from '../../../shared/admin-exports';
import { contextCurrency, type Currency } from '../../../shared/money';
import type { tradeInListQuerySchema } from '../../../shared/trade-ins';
import type { Database, DbHandle } from '../../db/client';
import { tradeInPayouts, tradeIns } from '../../db/schema/trade-ins';
import type { Clock } from '../../lib/clock';
import { newestFirst, newestKey } from '../../lib/paging';
import { newestInBatches, type ExportColumn, type ExportTable } from '../../lib/table-export';
import { userNames } from '../accounts';
import { recordAudit, type Actor } from '../audit';
import { tradeInListWhere } from './lists';
import { deviceInfo } from './trade-in-records';

/*
 * The admin's Transactions tab as a file (CSV or .xlsx), with the payouts due: a trade-in Awaiting Payment
 * carries the amount to pay and the seller's payout account (holder, bank, branch code, whole number), so
 * whoever pays sellers can work from the file. The account numbers make the export an audited read: its
 * entry names each account the file holds (docs/decisions/049, 070).
 */

const exportColumns = {
  ...newestKey(tradeIns),
  id: tradeIns.id,
  transactionNumber: tradeIns.transactionNumber,
  createdAt: tradeIns.createdAt,
  customerName: tradeIns.customerName,
  customerEmail: tradeIns.customerEmail,
  customerPhone: tradeIns.customerPhone,
  deviceType: tradeIns.deviceType,
  brand: tradeIns.brand,
  model: tradeIns.model,
  storage: tradeIns.storage,
  condition: tradeIns.condition,
  status: tradeIns.status,
  estimatedValue: tradeIns.estimatedValue,
  offeredAmount: tradeIns.offeredAmount,
  agentId: tradeIns.agentId,
};

const matching = (db: Database, where: SQL | undefined) => db.select(exportColumns).from(tradeIns).where(where);
type ExportedTradeIn = Awaited<ReturnType<typeof matching>>[number];
type Payout = typeof tradeInPayouts.$inferSelect;

interface TradeInExportRow {
  tradeIn: ExportedTradeIn;
  agentName: string | null;
  /** The seller's payout record as the batch read it: its reference and date once paid. */
  payout: Payout | null;
  /** The payout account the export's audit entry named, while the payment is still due. */
  account: Payout | null;
  currency: Currency;
}

const due = (tradeIn: ExportedTradeIn) => tradeIn.status === PAYOUTS_DUE_STATUS;
/** The account's fields are written only on a payout due: a paid or earlier trade-in's account stays out of the file. */
const account = (field: 'accountHolder' | 'bankName' | 'branchCode' | 'accountNumber') => (row: TradeInExportRow) =>
  row.account?.[field];

/** Amounts in rand, as offers are made (contextCurrency 'offer'). */
const COLUMNS: ExportColumn<TradeInExportRow>[] = [
  { header: 'Transaction number', value: (r) => r.tradeIn.transactionNumber },
  { header: 'Date', value: (r) => r.tradeIn.createdAt },
  { header: 'Seller name', value: (r) => r.tradeIn.customerName },
  { header: 'Seller email', value: (r) => r.tradeIn.customerEmail },
  { header: 'Seller phone', value: (r) => r.tradeIn.customerPhone },
  { header: 'Device', value: (r) => deviceInfo(r.tradeIn) },
  { header: 'Device type', value: (r) => r.tradeIn.deviceType },
  { header: 'Condition', value: (r) => r.tradeIn.condition },
  { header: 'Status', value: (r) => r.tradeIn.status },
  { header: 'Agent', value: (r) => r.agentName },
  { header: 'Estimated value', value: (r) => r.tradeIn.estimatedValue },
  { header: 'Offer', value: (r) => r.tradeIn.offeredAmount },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Amount to pay', value: (r) => (due(r.tradeIn) ? r.tradeIn.offeredAmount : null) },
  { header: 'Payout reference', value: (r) => r.payout?.payoutReference },
  { header: 'Paid at', value: (r) => r.payout?.paidAt },
  { header: 'Account holder', value: account('accountHolder') },
  { header: 'Bank', value: account('bankName') },
  { header: 'Branch code', value: account('branchCode') },
  { header: 'Account number', value: account('accountNumber') },
];

/**
 * Each batch with its agents' names and its payout records: two reads a batch, sent together. A row due
 * now gets the account `audited` holds for it, the one its audit entry named; a trade-in that became due
 * after the entry was written is left without one (its seller is paid from the next export).
 */
async function* withAgentsAndPayouts(
  db: DbHandle,
  batches: AsyncIterable<ExportedTradeIn[]>,
  { currency, audited }: { currency: Currency; audited: Map<string, Payout> },
): AsyncGenerator<TradeInExportRow[]> {
  for await (const batch of batches) {
    const [names, payouts] = await Promise.all([
      userNames(
        db,
        batch.map((row) => row.agentId),
      ),
      db
        .select()
        .from(tradeInPayouts)
        .where(
          inArray(
            tradeInPayouts.tradeInId,
            batch.map((row) => row.id),
          ),
        ),
    ]);
    const payoutOf = new Map(payouts.map((payout) => [payout.tradeInId, payout]));
    yield batch.map((tradeIn) => ({
      tradeIn,
      agentName: tradeIn.agentId ? (names.get(tradeIn.agentId) ?? null) : null,
      payout: payoutOf.get(tradeIn.id) ?? null,
      account: due(tradeIn) ? (audited.get(tradeIn.id) ?? null) : null,
      currency,
    }));
  }
}

/** The payout accounts an export with this filter will write: its payouts due, newest first as the file lists them. */
function payoutAccounts(db: Database, where: SQL | undefined) {
  return db
    .select({ transactionNumber: tradeIns.transactionNumber, payout: tradeInPayouts })
    .from(tradeIns)
    .innerJoin(tradeInPayouts, eq(tradeInPayouts.tradeInId, tradeIns.id))
    .where(and(where, eq(tradeIns.status, PAYOUTS_DUE_STATUS)))
    .orderBy(...newestFirst(tradeIns.createdAt, tradeIns.id));
}

/** What the audit entry names as the export's target: its filter as a query string, or 'all'. */
function filterText({ q, status }: { q: string; status?: string }): string {
  const search = new URLSearchParams(Object.entries({ status: status ?? '', q }).filter(([, value]) => value !== ''));
  return search.size > 0 ? search.toString() : 'all';
}

/**
 * GET /api/admin/trade-ins/export.csv and .xlsx: the Transactions list's ?q=&status=, newest first, payouts
 * due with their accounts. One audit entry, written before the first row is read, names who exported which
 * filter as which file, and every account the file holds: how many, and each by its trade-in and its last
 * four digits (the whole number never goes into the log). The accounts are read once, for the entry, and
 * the file writes exactly those.
 */
export async function exportTradeIns({
  db,
  clock,
  actor,
  query,
  format,
  storeCurrency,
  batchSize,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  query: Pick<z.output<typeof tradeInListQuerySchema>, 'q' | 'status'>;
  format: ExportFormat;
  storeCurrency: Currency;
  batchSize: number;
}): Promise<ExportTable<TradeInExportRow>> {
  const where = tradeInListWhere(query);
  const accounts = await payoutAccounts(db, where);
  await recordAudit(db, {
    actor,
    action: 'trade_in.export',
    entity: { type: 'trade_in', id: filterText(query) },
    details: {
      q: query.q,
      status: query.status ?? '',
      format,
      payoutAccounts: accounts.length,
      accounts: accounts.map(({ transactionNumber, payout }) => ({
        transactionNumber,
        bankName: payout.bankName,
        accountEnding: payout.accountNumber.slice(-4),
      })),
    },
    at: clock.now(),
  });
  const rows = newestInBatches(tradeIns, where, (filtered) => matching(db, filtered), batchSize);
  return {
    columns: COLUMNS,
    batches: withAgentsAndPayouts(db, rows, {
      currency: contextCurrency('offer', storeCurrency),
      audited: new Map(accounts.map(({ payout }) => [payout.tradeInId, payout])),
    }),
  };
}
