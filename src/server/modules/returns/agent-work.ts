import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { ERROR_CODES } from '../../../shared/errors';
import { formatPickupDate } from '../../../shared/repair-calendar';
import { RETURN_AGENT_STATUSES, type ReturnKind, type ReturnStatus } from '../../../shared/return-moves';
import type { AgentCollection, ReturnReason } from '../../../shared/returns';
import type { PickupSlot } from '../../../shared/repair-calendar';
import type { Database, DbHandle } from '../../db/client';
import { returnRequests } from '../../db/schema/returns';
import { agentWorkCounts, type AgentWorkCounts } from '../../lib/agent-work-counts';
import { anyRow } from '../../lib/any-row';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { firstWhoCanTake, lockPickupDay, type HandOver } from '../repairs';
import { agentHasRoomFor, emailAgents } from './move-steps';
import { appendReturnHistory, lockReturn, unitsOf, unitViews } from './records';
import { inspectionOf } from './staff-views';

/*
 * An agent's collections: their dashboard's list (with the customer's contact only while the
 * collection is theirs and open, as with pickups), the counts the agent cards add up, and the
 * hand-over of a deactivated agent's collections (decision 047).
 */

/** GET /api/agent/returns: the agent's collections, open first by slot, then the ones they inspected. */
export async function listAgentCollections({
  db,
  agentId,
}: {
  db: Database;
  agentId: string;
}): Promise<AgentCollection[]> {
  const rows = await db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.agentId, agentId))
    .orderBy(asc(returnRequests.pickupDate), asc(returnRequests.pickupTime), asc(returnRequests.returnNumber));
  return Promise.all(
    rows.map(async (row) => {
      const open = (RETURN_AGENT_STATUSES as readonly string[]).includes(row.status);
      return {
        returnNumber: row.returnNumber,
        kind: row.kind as ReturnKind,
        status: row.status as ReturnStatus,
        customerName: open ? row.customerName : row.customerName.split(' ')[0]!,
        customerPhone: open ? row.customerPhone : '',
        pickupAddress: open ? row.pickupAddress : '',
        pickupDate: row.pickupDate,
        pickupTime: row.pickupTime as PickupSlot,
        units: unitViews(await unitsOf(db, row.id)),
        reason: row.reason as ReturnReason,
        description: row.description,
        inspection: await inspectionOf(db, row),
      };
    }),
  );
}

/** Collections still in each agent's hands (to collect, or collected and not yet inspected) and those they inspected. */
export function agentCollectionCounts(db: DbHandle, agentIds: string[]): Promise<AgentWorkCounts> {
  return agentWorkCounts(db, agentIds, {
    table: returnRequests,
    agentId: returnRequests.agentId,
    assigned: inArray(returnRequests.status, RETURN_AGENT_STATUSES),
    completed: isNotNull(returnRequests.inspectedAt),
  });
}

/** True when the agent ever held a collection: deleting them would lose who did what. */
export const agentHasReturns = (db: DbHandle, agentId: string) =>
  anyRow(db, returnRequests, eq(returnRequests.agentId, agentId));

/** The agent's collections still in hand (to collect, or collected and not yet inspected), as the Deactivate dialog lists them. */
export async function openCollectionsOf(db: DbHandle, agentId: string) {
  const rows = await db
    .select()
    .from(returnRequests)
    .where(and(eq(returnRequests.agentId, agentId), inArray(returnRequests.status, RETURN_AGENT_STATUSES)))
    .orderBy(asc(returnRequests.pickupDate), asc(returnRequests.pickupTime));
  return rows.map((row) => ({
    returnNumber: row.returnNumber,
    pickupDate: row.pickupDate,
    pickupTime: row.pickupTime,
    status: row.status,
  }));
}

/**
 * Gives one open collection of agent `from` to the first of `candidates` who can take it, in the
 * caller's transaction: one still to collect only to an agent with room at its slot (the day's lock
 * held), one already collected to the first. History, audit and both agents emailed; 409 naming the
 * request when nobody can take it.
 */
export async function handOverCollection<Agent extends { id: string; firstName: string }>(
  tx: DbHandle,
  { number, from, candidates, actor, config, now }: HandOver<Agent>,
): Promise<Agent> {
  const row = await lockReturn(tx, number);
  const refuse = (why: string) => new AppError(ERROR_CODES.conflict, `Request ${number} ${why}`, { status: 409 });
  if (row.agentId !== from.id || !(RETURN_AGENT_STATUSES as readonly string[]).includes(row.status)) {
    throw refuse('is no longer open with this agent');
  }
  const toCollect = row.status === 'collection_scheduled';
  if (toCollect) await lockPickupDay(tx, row.pickupDate);
  const to = await firstWhoCanTake(
    candidates,
    async (agent) => !toCollect || (await agentHasRoomFor(tx, agent.id, { ...row, requestId: row.id }, config)),
  );
  if (!to) {
    throw refuse(
      `cannot be handed over: no other active agent is free to collect it on ${formatPickupDate(row.pickupDate)} at ${row.pickupTime}`,
    );
  }
  const [moved] = await tx
    .update(returnRequests)
    .set({ agentId: to.id, updatedAt: now })
    .where(eq(returnRequests.id, row.id))
    .returning();
  await appendReturnHistory(tx, {
    row,
    status: row.status as ReturnStatus,
    actorId: actor.id,
    now,
    description: `Your agent is now ${to.firstName}`,
  });
  await recordAudit(tx, {
    actor,
    action: 'return_request.reassigned',
    entity: { type: 'return_request', id: row.returnNumber },
    before: { agentId: row.agentId },
    after: { agentId: to.id },
    details: { reason: 'Its agent was deactivated' },
    at: now,
  });
  await emailAgents(tx, moved!, { from: row.agentId, to: to.id }, config, now);
  return to;
}
