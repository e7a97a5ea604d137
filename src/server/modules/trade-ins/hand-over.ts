import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OpenTradeIn } from '../../../shared/agents';
import { ERROR_CODES } from '../../../shared/errors';
import type { AnySaleStatus } from '../../../shared/trade-in-statuses';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { tradeIns } from '../../db/schema/trade-ins';
import { AppError } from '../../lib/errors';
import { recordAudit, type SignedInActor } from '../audit/service';
import { enqueueEmail } from '../mail/outbox';
import { agentChangedEmail } from './emails';
import { deviceInfo, emailContext, emailSubject } from './rows';

/*
 * Moving a trade-in from one agent to another without changing its status: what a deactivated
 * agent's open trade-ins go through (decision 047). One function, so the admin's reassignment can
 * share it.
 */

/** Statuses in which the trade-in still waits on its agent: the assessment, the offer, the seller's answer to it. */
export const OPEN_TRADE_IN_STATUSES: AnySaleStatus[] = ['Assigned to Agent', 'Awaiting Offer', 'Offer Made'];

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
 * Gives one open trade-in of agent `from` to agent `to`, in the caller's transaction: one conditional
 * UPDATE (still `from`'s, still open: else 409 saying why), the audit entry, the seller's email
 * naming the new agent.
 */
export async function handOverTradeIn(
  tx: DbHandle,
  {
    number,
    from,
    to,
    actor,
    config,
    now,
  }: {
    number: string;
    from: { id: string };
    to: { id: string; firstName: string };
    actor: SignedInActor;
    config: Config;
    now: Date;
  },
) {
  const [moved] = await tx
    .update(tradeIns)
    .set({ agentId: to.id, updatedAt: now })
    .where(
      and(
        eq(tradeIns.transactionNumber, number),
        eq(tradeIns.agentId, from.id),
        inArray(tradeIns.status, OPEN_TRADE_IN_STATUSES),
      ),
    )
    .returning();
  if (!moved) {
    throw new AppError(ERROR_CODES.conflict, `Trade-in ${number} is no longer open with this agent`, { status: 409 });
  }
  await recordAudit(tx, {
    actor,
    action: 'trade_in.hand_over',
    entity: { type: 'trade_in', id: number },
    before: { status: moved.status, agentId: from.id },
    after: { status: moved.status, agentId: to.id },
    at: now,
  });
  const dedupeKey = `trade-in-agent:${number}:${to.id}:${now.toISOString()}`;
  await enqueueEmail(
    tx,
    agentChangedEmail(emailSubject(moved), { agentFirstName: to.firstName, dedupeKey }, emailContext(config)),
    now,
  );
  return moved;
}
