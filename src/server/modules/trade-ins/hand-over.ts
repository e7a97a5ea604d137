import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OpenTradeIn } from '../../../shared/agents';
import { ERROR_CODES } from '../../../shared/errors';
import type { AnySaleStatus } from '../../../shared/trade-in-statuses';
import type { Config } from '../../config';
import type { DbHandle, Transaction } from '../../db/client';
import { tradeIns } from '../../db/schema/trade-ins';
import { AppError } from '../../lib/errors';
import type { SignedInActor } from '../audit';
import { reassignTradeIn } from './move-steps';
import { deviceInfo, findTradeIn } from './trade-in-records';

/*
 * What a deactivated agent's open trade-ins go through (decision 047): each is handed over by the
 * reassignment the admin's Assign also takes (move-steps.ts).
 */

/** Statuses in which the trade-in still waits on its agent: the assessment, the offer, the seller's answer to it. */
export const OPEN_TRADE_IN_STATUSES: AnySaleStatus[] = [
  'Assigned to Agent',
  'Device Assessed',
  'Awaiting Offer',
  'Offer Made',
];

/** The agent's open trade-ins, oldest first, as the Deactivate dialog lists them. */
export async function openTradeInsOf(db: DbHandle, agentId: string): Promise<OpenTradeIn[]> {
  const rows = await db
    .select()
    .from(tradeIns)
    .where(and(eq(tradeIns.agentId, agentId), inArray(tradeIns.status, OPEN_TRADE_IN_STATUSES)))
    .orderBy(asc(tradeIns.createdAt), asc(tradeIns.transactionNumber));
  return rows.map((row) => ({ transactionNumber: row.transactionNumber, device: deviceInfo(row), status: row.status }));
}

/**
 * Gives one open trade-in of agent `from` to agent `to`, in the caller's transaction, through the one
 * reassignment every change of agent takes (reassignTradeIn: history, audit, both agents and the
 * seller emailed). 409 when it is no longer `from`'s or no longer open.
 */
export async function handOverTradeIn(
  tx: Transaction,
  {
    number,
    from,
    to,
    actor,
    config,
    now,
  }: { number: string; from: { id: string }; to: { id: string }; actor: SignedInActor; config: Config; now: Date },
) {
  const row = await findTradeIn(tx, number, { lock: true });
  if (!row || row.agentId !== from.id || !OPEN_TRADE_IN_STATUSES.includes(row.status as AnySaleStatus)) {
    throw new AppError(ERROR_CODES.conflict, `Trade-in ${number} is no longer open with this agent`, { status: 409 });
  }
  return reassignTradeIn(tx, { row, agentId: to.id, actor, now, config });
}
