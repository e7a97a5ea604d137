import { and, eq, inArray } from 'drizzle-orm';
import { ERROR_CODES } from '../../../shared/errors';
import {
  moveRefusal,
  statusDescription,
  TRADE_IN_MOVES,
  type AnySaleStatus,
  type TradeInMove,
} from '../../../shared/trade-in-statuses';
import type { Config } from '../../config';
import type { DbHandle, Transaction } from '../../db/client';
import { tradeIns } from '../../db/schema/trade-ins';
import { AppError } from '../../lib/errors';
import { recordAudit, type Actor, type SignedInActor } from '../audit/service';
import { enqueueEmail } from '../mail/outbox';
import { statusEmail } from './emails';
import { appendHistory, emailContext, emailSubject, findTradeIn, tradeInNotFound, type TradeInRow } from './rows';

/*
 * The steps every move of a trade-in takes, the staff's (moves.ts) and the seller's (offer-answer.ts):
 * find it, move it by a row of TRADE_IN_MOVES (decision 022), tell the customer. One UPDATE checks
 * the status, so two tabs acting at once move a trade-in once and the other is told why not.
 */

const notYours = () =>
  new AppError(ERROR_CODES.forbidden, 'This trade-in is assigned to another agent', { status: 403 });

/** A staff move's first step: the trade-in (404), and for an agent only their own (403). */
export async function findForStaff(tx: DbHandle, number: string, actor: SignedInActor): Promise<TradeInRow> {
  const row = await findTradeIn(tx, number);
  if (!row) throw tradeInNotFound();
  if (actor.role === 'agent' && row.agentId !== actor.id) throw notYours();
  return row;
}

const AUDIT_VERBS: Record<TradeInMove, string> = {
  confirm: 'confirm',
  assign: 'assign',
  assess: 'assess',
  offer: 'offer',
  accept: 'accept',
  decline: 'decline',
  markPaid: 'mark_paid',
};

/** What the audit log keeps of a trade-in around a move. */
const auditView = (row: TradeInRow) => ({
  status: row.status,
  agentId: row.agentId,
  offeredAmount: row.offeredAmount,
  assessmentNotes: row.assessmentNotes,
});

/** Why a move's UPDATE matched nothing: the trade-in went to another agent (403), or its status forbids it (409). */
async function moveRefused(tx: DbHandle, row: TradeInRow, move: TradeInMove, actor: Actor): Promise<AppError> {
  const current = await findTradeIn(tx, row.transactionNumber);
  // Reassigned while this agent was acting: it is no longer theirs, whatever its status.
  if (actor.role === 'agent' && current?.agentId !== actor.id) return notYours();
  return new AppError(ERROR_CODES.conflict, moveRefusal(move, current?.status ?? row.status), { status: 409 });
}

/**
 * Moves a trade-in by `move` in the caller's transaction: the UPDATE matches only a row still in a
 * status the move starts from (and, for an agent, still theirs), else nothing changes and the caller
 * gets moveRefused's answer. Then the history (any statuses passed through first) and the audit entry.
 */
export async function moveTradeIn(
  tx: Transaction,
  {
    row,
    move,
    actor,
    now,
    set = {},
    passedThrough = [],
    details,
  }: {
    row: TradeInRow;
    move: TradeInMove;
    actor: Actor;
    now: Date;
    /** Columns the move writes besides the status. */
    set?: Partial<typeof tradeIns.$inferInsert>;
    /** Statuses the history records before the one the trade-in rests in. */
    passedThrough?: AnySaleStatus[];
    details?: Record<string, unknown>;
  },
): Promise<TradeInRow> {
  const { from, to } = TRADE_IN_MOVES[move];
  const stillTheirs = actor.role === 'agent' && actor.id ? eq(tradeIns.agentId, actor.id) : undefined;
  const [after] = await tx
    .update(tradeIns)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(eq(tradeIns.id, row.id), inArray(tradeIns.status, [...from]), stillTheirs))
    .returning();
  if (!after) throw await moveRefused(tx, row, move, actor);
  await appendHistory(tx, { row, statuses: [...passedThrough, to], actorId: actor.id, now });
  await recordAudit(tx, {
    actor,
    action: `trade_in.${AUDIT_VERBS[move]}`,
    entity: { type: 'trade_in', id: row.transactionNumber },
    before: auditView(row),
    after: auditView(after),
    details,
    at: now,
  });
  return after;
}

/** The customer's email with the trade-in's new status and what it means, and any lines of `extra`. */
export async function emailNewStatus(tx: DbHandle, row: TradeInRow, config: Config, now: Date, extra?: string[]) {
  await enqueueEmail(
    tx,
    statusEmail(emailSubject(row), row.status, statusDescription(row.status), emailContext(config), extra),
    now,
  );
}
