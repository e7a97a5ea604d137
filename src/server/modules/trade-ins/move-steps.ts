import { and, eq, inArray } from 'drizzle-orm';
import { ERROR_CODES } from '../../../shared/errors';
import {
  moveRefusal,
  reassignRefusal,
  REASSIGNABLE_STATUSES,
  statusDescription,
  TRADE_IN_MOVES,
  type TradeInMove,
} from '../../../shared/trade-in-statuses';
import type { Config } from '../../config';
import type { DbHandle, Transaction } from '../../db/client';
import { tradeIns } from '../../db/schema/trade-ins';
import { AppError, invalidField } from '../../lib/errors';
import { findActiveAgent, findPeople, splitName } from '../accounts';
import { recordAudit, type Actor, type SignedInActor } from '../audit';
import { enqueueEmail } from '../mail';
import { agentAssignedEmail, agentChangedEmail, agentUnassignedEmail, statusEmail } from './emails';
import {
  appendHistory,
  emailContext,
  emailSubject,
  findTradeIn,
  tradeInNotFound,
  type TradeInRow,
} from './trade-in-records';

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
  revise: 'revise_offer',
  accept: 'accept',
  decline: 'decline',
  markPaid: 'mark_paid',
  returnDevice: 'return_device',
  list: 'list_for_sale',
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
 * gets moveRefused's answer. Then the history and the audit entry.
 */
export async function moveTradeIn(
  tx: Transaction,
  {
    row,
    move,
    actor,
    now,
    set = {},
    details,
    description,
  }: {
    row: TradeInRow;
    move: TradeInMove;
    actor: Actor;
    now: Date;
    /** Columns the move writes besides the status. */
    set?: Partial<typeof tradeIns.$inferInsert>;
    details?: Record<string, unknown>;
    /** The history entry's words, when not the status's own (a revised offer). */
    description?: string;
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
  await appendHistory(tx, { row, statuses: [to], actorId: actor.id, now, description });
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

/** The history entry of a trade-in handed to another agent after the assessment began. */
export const HANDED_OVER_HISTORY = 'Another agent now handles your trade-in';

/**
 * The one way a trade-in gets an agent or changes agent, in the caller's transaction: the admin's
 * Assign, and the hand-over of a deactivated agent's work (modules/agents). The trade-in is locked
 * and read again, so the agent it is taken from is the one it really had.
 * - From 'Confirmed' or 'Assigned to Agent' it is the 'assign' move (to 'Assigned to Agent').
 * - In 'Device Assessed', 'Awaiting Offer' or 'Offer Made' only the agent changes: the status stays, the history says
 *   another agent handles it, the audit log records the reassign.
 * The seller is emailed the new status on a first assignment, and the new agent's first name (as
 * /track names it) when the trade-in had an agent before.
 * - Anything later is 409 (reassignRefusal); an agent who is not active is refused under `agentId`.
 * Both agents are emailed: the new one that it is theirs, the old one that it was taken away. Giving
 * a trade-in to the agent who has it changes nothing and emails no one.
 */
export async function reassignTradeIn(
  tx: Transaction,
  {
    row: given,
    agentId,
    actor,
    now,
    config,
  }: { row: TradeInRow; agentId: string; actor: Actor; now: Date; config: Config },
): Promise<TradeInRow> {
  const row = (await findTradeIn(tx, given.transactionNumber, { lock: true })) ?? given;
  const agent = await findActiveAgent(tx, agentId);
  if (!agent) throw invalidField('agentId', 'Choose an active agent');
  if (!(REASSIGNABLE_STATUSES as readonly string[]).includes(row.status)) {
    throw new AppError(ERROR_CODES.conflict, reassignRefusal(row.status), { status: 409 });
  }
  if (row.agentId === agent.id) return row;
  const details = { agentName: agent.name, previousAgentId: row.agentId };
  let after: TradeInRow;
  if ((TRADE_IN_MOVES.assign.from as readonly string[]).includes(row.status)) {
    after = await moveTradeIn(tx, { row, move: 'assign', actor, now, set: { agentId: agent.id }, details });
  } else {
    // The row is locked and its status checked: only the agent changes.
    [after] = (await tx
      .update(tradeIns)
      .set({ agentId: agent.id, updatedAt: now })
      .where(eq(tradeIns.id, row.id))
      .returning()) as [TradeInRow];
    await appendHistory(tx, { row, statuses: [row.status], actorId: actor.id, now, description: HANDED_OVER_HISTORY });
    await recordAudit(tx, {
      actor,
      action: 'trade_in.reassign',
      entity: { type: 'trade_in', id: row.transactionNumber },
      before: auditView(row),
      after: auditView(after),
      details,
      at: now,
    });
  }
  const ctx = emailContext(config);
  if (row.agentId) {
    // Another agent now has it: the seller is told who, whatever the status.
    const change = {
      agentFirstName: splitName(agent.name).firstName,
      dedupeKey: `trade-in-agent:${row.transactionNumber}:${agent.id}:${now.toISOString()}`,
    };
    await enqueueEmail(tx, agentChangedEmail(emailSubject(after), change, ctx), now);
  } else {
    await emailNewStatus(tx, after, config, now);
  }
  await enqueueEmail(tx, agentAssignedEmail(emailSubject(after), agent, now, ctx), now);
  if (row.agentId) {
    const [previous] = await findPeople(tx, { ids: [row.agentId] });
    if (previous) await enqueueEmail(tx, agentUnassignedEmail(emailSubject(after), previous, now, ctx), now);
  }
  return after;
}
