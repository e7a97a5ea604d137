import { and, asc, eq } from 'drizzle-orm';
import { actorLabel, type AuditEntry } from '../../../shared/admin';
import { ERROR_CODES } from '../../../shared/errors';
import { SELL_STORAGE, type SellDeviceType } from '../../../shared/sell-devices';
import {
  PAYOUT_MESSAGES,
  REVEAL_STATUSES,
  type PayoutAccountView,
  type QuoteBreakdown,
  type RevealedPayoutAccount,
  type TradeInDetail,
} from '../../../shared/trade-in-detail';
import type { AnySaleStatus } from '../../../shared/trade-in-statuses';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { tradeInPayouts, tradeInQuotes, tradeInStatusHistory } from '../../db/schema/trade-ins';
import { AppError, notFound } from '../../lib/errors';
import { findPeople } from '../accounts';
import { auditEntriesFor, recordAudit, type SignedInActor } from '../audit';
import { findTradeIn, tradeInNotFound, type TradeInRow } from './trade-in-records';
import { agentPhotos, staffView } from './trade-in-views';
import type { AppContext } from '../../context';

/*
 * One trade-in in full for the staff allowed to see it (docs/decisions/044): the admin, or the agent
 * it is assigned to (any other agent gets the same 404 as an unknown number, so the number tells
 * them nothing). Only the admin gets the payout account, and its whole number only by revealing it.
 */

type DetailRequest = { db: Database; number: string; viewer: SignedInActor };

/** The trade-in for this viewer: 404 when it does not exist or, for an agent, is not theirs. */
export async function findVisible(db: DbHandle, number: string, viewer: SignedInActor, lock = false) {
  const row = await findTradeIn(db, number, { lock });
  if (!row || (viewer.role === 'agent' && row.agentId !== viewer.id)) throw tradeInNotFound();
  return row;
}

/**
 * The quote table's steps to the seller's device (the seed builds it so: a like-new figure at the
 * smallest storage, storage steps up, condition steps down). Null when the seller left the brand,
 * storage or condition open, or the table lacks one of the three rows.
 */
async function quoteBreakdown(db: DbHandle, row: TradeInRow): Promise<QuoteBreakdown | null> {
  const sizes = SELL_STORAGE[row.deviceType as SellDeviceType] ?? [];
  const baseStorage = sizes[0];
  if (!row.brand || !row.storage || !row.condition || !baseStorage) return null;
  const quotes = await db
    .select()
    .from(tradeInQuotes)
    .where(and(eq(tradeInQuotes.deviceType, row.deviceType), eq(tradeInQuotes.brand, row.brand)));
  const amount = (storage: string, condition: string) =>
    quotes.find((q) => q.storage === storage && q.condition === condition)?.amount;
  const base = amount(baseStorage, 'excellent');
  const atStorage = amount(row.storage, 'excellent');
  const total = amount(row.storage, row.condition);
  if (base === undefined || atStorage === undefined || total === undefined) return null;
  return {
    base: { storage: baseStorage, amount: base },
    storageAdjustment: atStorage - base,
    conditionAdjustment: total - atStorage,
    total,
  };
}

type HistoryRow = typeof tradeInStatusHistory.$inferSelect;
type PayoutRow = typeof tradeInPayouts.$inferSelect;

/** The history with who made each step: staff by name, the seller as 'Seller (Name)' or 'Seller' for a guest. */
function historyWithActors(row: TradeInRow, steps: HistoryRow[], names: Map<string, string>) {
  const by = (actorId: string | null) => {
    if (actorId === null) return 'Seller';
    const name = names.get(actorId) ?? 'Unknown user';
    return actorId === row.customerId ? `Seller (${name})` : name;
  };
  return steps.map((step) => ({
    status: step.status,
    date: step.createdAt.toISOString(),
    description: step.description,
    by: by(step.actorId),
  }));
}

function payoutView(payout: PayoutRow, names: Map<string, string>): PayoutAccountView {
  return {
    accountHolder: payout.accountHolder,
    bankName: payout.bankName,
    branchCode: payout.branchCode,
    accountEnding: payout.accountNumber.slice(-4),
    payoutReference: payout.payoutReference,
    paidAt: payout.paidAt?.toISOString() ?? null,
    paidBy: payout.paidBy ? (names.get(payout.paidBy) ?? null) : null,
  };
}

/** An audit entry as the viewer may see it: the values and addresses stay with the admin. */
function auditView(
  entry: Awaited<ReturnType<typeof auditEntriesFor>>[number],
  people: Map<string, { name: string; email: string }>,
  isAdmin: boolean,
): AuditEntry {
  const person = entry.actorId ? people.get(entry.actorId) : undefined;
  const actor = { name: person?.name ?? null, email: isAdmin ? (person?.email ?? null) : null, role: entry.actorRole };
  return {
    id: entry.id,
    at: entry.createdAt.toISOString(),
    // The label reads the real id (a guest has none), which an agent is not shown.
    actor: { ...actor, id: isAdmin ? entry.actorId : null, who: actorLabel({ ...actor, id: entry.actorId }) },
    action: entry.action,
    target: { type: entry.entityType, id: entry.entityId },
    before: isAdmin ? (entry.before ?? null) : null,
    after: isAdmin ? (entry.after ?? null) : null,
    details: isAdmin ? (entry.details ?? null) : null,
    ip: isAdmin ? entry.ip : null,
  };
}

/** GET /api/admin/trade-ins/:number and /api/agent/trade-ins/:number. */
export async function getTradeInDetail({ db, number, viewer }: DetailRequest): Promise<TradeInDetail> {
  const row = await findVisible(db, number, viewer);
  const isAdmin = viewer.role === 'admin';
  const [card, breakdown, auditRows, steps, payouts] = await Promise.all([
    staffView(db, row),
    quoteBreakdown(db, row),
    auditEntriesFor(db, { type: 'trade_in', id: row.transactionNumber }),
    db
      .select()
      .from(tradeInStatusHistory)
      .where(eq(tradeInStatusHistory.tradeInId, row.id))
      .orderBy(asc(tradeInStatusHistory.createdAt), asc(tradeInStatusHistory.id)),
    isAdmin ? db.select().from(tradeInPayouts).where(eq(tradeInPayouts.tradeInId, row.id)) : [],
  ]);
  const payout = payouts[0];
  const ids = [...steps.map((s) => s.actorId), ...auditRows.map((a) => a.actorId), payout?.paidBy ?? null];
  const found = await findPeople(db, { ids: [...new Set(ids.filter((id): id is string => id !== null))] });
  const people = new Map(found.map((p) => [p.id, p]));
  const names = new Map(found.map((p) => [p.id, p.name]));
  return {
    ...card,
    photos: isAdmin ? card.photos : agentPhotos(card),
    accessories: row.accessories,
    description: row.description,
    declineReason: row.declineReason,
    quote: { estimatedValue: row.estimatedValue, breakdown },
    statusHistory: historyWithActors(row, steps, names),
    audit: auditRows.map((entry) => auditView(entry, people, isAdmin)),
    payout: payout ? payoutView(payout, names) : null,
  };
}

/**
 * POST /api/admin/trade-ins/:number/payout-account/reveal: the whole account number, to pay it, with
 * an audit entry of who saw which trade-in's account (its last four only). Only while the payment
 * waits (409 otherwise: a paid trade-in's account is history, a declined one has none); 404 with a
 * plain message when no account is on record.
 */
export async function revealPayoutAccount({
  db,
  clock,
  number,
  actor,
}: Pick<AppContext, 'db' | 'clock'> & { number: string; actor: SignedInActor }): Promise<RevealedPayoutAccount> {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const row = await findVisible(tx, number, actor, true);
    if (!(REVEAL_STATUSES as readonly AnySaleStatus[]).includes(row.status as AnySaleStatus)) {
      throw new AppError(ERROR_CODES.conflict, PAYOUT_MESSAGES.revealRefusal(row.status), { status: 409 });
    }
    const [payout] = await tx.select().from(tradeInPayouts).where(eq(tradeInPayouts.tradeInId, row.id));
    if (!payout) throw notFound('PAYOUT_ACCOUNT_NOT_FOUND', PAYOUT_MESSAGES.noAccount);
    await recordAudit(tx, {
      actor,
      action: 'trade_in.reveal_payout_account',
      entity: { type: 'trade_in', id: row.transactionNumber },
      details: { bankName: payout.bankName, accountEnding: payout.accountNumber.slice(-4) },
      at: now,
    });
    return { accountNumber: payout.accountNumber };
  });
}
