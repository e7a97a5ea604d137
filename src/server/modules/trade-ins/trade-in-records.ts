import { eq } from 'drizzle-orm';
import type { Role } from '../../../shared/accounts';
import { SELL_MESSAGES } from '../../../shared/sell-form';
import { statusDescription } from '../../../shared/trade-in-statuses';
import { normaliseNumber } from '../../../shared/trade-ins';
import type { Config } from '../../config';
import type { Database, DbHandle } from '../../db/client';
import { tradeIns, tradeInStatusHistory } from '../../db/schema/trade-ins';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { firstRow } from '../../lib/first-row';
import type { EmailContext } from './emails';

/* What the module's files share: one trade-in row, how it is found, and who is asking about it. */

export type TradeInRow = typeof tradeIns.$inferSelect;

/** What a service that writes a trade-in and emails its seller is given. */
export interface TradeInDeps {
  db: Database;
  config: Config;
  clock: Clock;
}

/** Who is looking or answering: the signed-in user, if any. */
export type Viewer = { id: string; role: Role } | null;

const TRADE_IN_NOT_FOUND = 'TRADE_IN_NOT_FOUND';

/** 404 'Transaction Not Found': also the one answer of /api/track to any number it does not know. */
export const tradeInNotFound = () =>
  notFound(TRADE_IN_NOT_FOUND, `${SELL_MESSAGES.notFound} - ${SELL_MESSAGES.notFoundDetail}`);

/** The trade-in with this number ('txn... ' too), or null; with `lock`, held until the transaction ends. */
export const findTradeIn = (db: DbHandle, number: string, options?: { lock: boolean }) =>
  firstRow(db, tradeIns, eq(tradeIns.transactionNumber, normaliseNumber(number)), options);

/**
 * Appends one history entry per status, in order, each described in the customer's words for it
 * unless `description` says otherwise.
 */
export async function appendHistory(
  tx: DbHandle,
  {
    row,
    statuses,
    actorId,
    now,
    description,
  }: { row: TradeInRow; statuses: readonly string[]; actorId: string | null; now: Date; description?: string },
) {
  await tx.insert(tradeInStatusHistory).values(
    statuses.map((status) => ({
      tradeInId: row.id,
      status,
      description: description ?? statusDescription(status),
      actorId,
      createdAt: now,
    })),
  );
}

/** The viewer is the signed-in customer who submitted it. */
export const isOwner = (row: TradeInRow, viewer: Viewer) =>
  viewer?.role === 'customer' && row.customerId !== null && row.customerId === viewer.id;

const shownStorage = (storage: string | null) => (storage && storage !== 'N/A' ? storage : '');

/** 'Apple iPhone 13 128GB': what staff lists and emails call the device. */
export function deviceInfo(row: Pick<TradeInRow, 'brand' | 'model' | 'storage'>): string {
  return [row.brand, row.model, shownStorage(row.storage)].filter(Boolean).join(' ');
}

/**
 * 'Apple 128GB phone': the device in the words of the form's own lists only. The confirmation of a
 * submission goes to whatever address the form gave, before anyone at the store has seen it, so it
 * carries nothing typed freely (the model could say anything).
 */
export function listedDevice(row: Pick<TradeInRow, 'brand' | 'storage' | 'deviceType'>): string {
  const type = row.deviceType === 'tv' ? 'TV' : row.deviceType;
  return [row.brand, shownStorage(row.storage), type].filter(Boolean).join(' ');
}

/** What every email about a trade-in needs of the store. */
export const emailContext = (config: Config): EmailContext => ({
  publicUrl: config.PUBLIC_URL,
  currency: config.STORE_CURRENCY,
});

/** What every email about a trade-in needs of the trade-in. */
export const emailSubject = (row: TradeInRow) => ({ ...row, deviceInfo: deviceInfo(row) });
