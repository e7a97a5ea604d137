import { inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PAYOUTS_DUE_STATUS } from '../../../shared/admin-exports';
import { contextCurrency, type Currency } from '../../../shared/money';
import type { tradeInListQuerySchema } from '../../../shared/trade-ins';
import type { Database, DbHandle } from '../../db/client';
import { tradeInPayouts, tradeIns } from '../../db/schema/trade-ins';
import type { Clock } from '../../lib/clock';
import { newestInBatches, type CsvColumn, type CsvExport } from '../../lib/csv';
import { newestKey } from '../../lib/paging';
import { userNames } from '../accounts/service';
import { recordAudit, type Actor } from '../audit/service';
import { tradeInListWhere } from './lists';
import { deviceInfo } from './rows';

/*
 * The admin's Transactions tab as a CSV file, with the payouts due: a trade-in Awaiting Payment carries the
 * amount to pay and the seller's payout account (holder, bank, branch code, whole number), so whoever pays
 * sellers can work from the file. The account numbers make the export an audited read (docs/decisions/049).
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
  /** The seller's payout record: the account only while payment is due, the reference once paid. */
  payout: Payout | null;
  currency: Currency;
}

const due = (row: TradeInExportRow) => row.tradeIn.status === PAYOUTS_DUE_STATUS;
/** The account's fields are written only on a payout due: a paid or earlier trade-in's account stays out of the file. */
const account = (field: 'accountHolder' | 'bankName' | 'branchCode' | 'accountNumber') => (row: TradeInExportRow) =>
  due(row) ? row.payout?.[field] : null;

/** Amounts in rand, as offers are made (contextCurrency 'offer'). */
const COLUMNS: CsvColumn<TradeInExportRow>[] = [
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
  { header: 'Amount to pay', value: (r) => (due(r) ? r.tradeIn.offeredAmount : null) },
  { header: 'Payout reference', value: (r) => r.payout?.payoutReference },
  { header: 'Paid at', value: (r) => r.payout?.paidAt },
  { header: 'Account holder', value: account('accountHolder') },
  { header: 'Bank', value: account('bankName') },
  { header: 'Branch code', value: account('branchCode') },
  { header: 'Account number', value: account('accountNumber') },
];

/** Each batch with its agents' names and its payout records: two reads a batch, sent together. */
async function* withAgentsAndPayouts(
  db: DbHandle,
  batches: AsyncIterable<ExportedTradeIn[]>,
  currency: Currency,
): AsyncGenerator<TradeInExportRow[]> {
  for await (const batch of batches) {
    const [names, payouts] = await Promise.all([
      userNames(
        db,
        batch.flatMap((row) => (row.agentId ? [row.agentId] : [])),
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
      currency,
    }));
  }
}

/** What the audit entry names as the export's target: its filter as a query string, or 'all'. */
function filterText({ q, status }: { q: string; status?: string }): string {
  const search = new URLSearchParams(Object.entries({ status: status ?? '', q }).filter(([, value]) => value !== ''));
  return search.size > 0 ? search.toString() : 'all';
}

/**
 * GET /api/admin/trade-ins/export.csv: the Transactions list's ?q=&status=, newest first, payouts due
 * with their accounts. One audit entry, written before the first row is read, names who exported
 * which filter: the file may hold account numbers.
 */
export async function exportTradeIns({
  db,
  clock,
  actor,
  query,
  storeCurrency,
  batchSize,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  query: Pick<z.output<typeof tradeInListQuerySchema>, 'q' | 'status'>;
  storeCurrency: Currency;
  batchSize: number;
}): Promise<CsvExport<TradeInExportRow>> {
  const where = tradeInListWhere(query);
  await recordAudit(db, {
    actor,
    action: 'trade_in.export',
    entity: { type: 'trade_in', id: filterText(query) },
    details: { q: query.q, status: query.status ?? '' },
    at: clock.now(),
  });
  const rows = newestInBatches(tradeIns, where, (filtered) => matching(db, filtered), batchSize);
  return {
    name: 'transactions',
    columns: COLUMNS,
    batches: withAgentsAndPayouts(db, rows, contextCurrency('offer', storeCurrency)),
  };
}
