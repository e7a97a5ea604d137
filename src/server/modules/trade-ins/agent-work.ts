import { count, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { tradeIns, tradeInStatusHistory } from '../../db/schema';

/** Work still with the agent: assigned and not yet offered on. */
const OPEN = ['Assigned to Agent', 'Device Assessed', 'Awaiting Offer'];
/** Assessments the agent finished: an offer was made (whatever the customer said). */
const DONE = ['Offer Made', 'Awaiting Payment', 'Paid', 'Offer Declined'];

/** Assigned and completed counts per agent, computed from the trade-ins (the agents' cards). */
export async function agentWorkload(db: DbHandle, agentIds: string[]) {
  const counts = new Map<string, { assigned: number; completed: number }>();
  if (agentIds.length === 0) return counts;
  const rows = await db
    .select({
      agentId: tradeIns.agentId,
      assigned: sql<number>`count(*) filter (where ${inArray(tradeIns.status, OPEN)})`,
      completed: sql<number>`count(*) filter (where ${inArray(tradeIns.status, DONE)})`,
    })
    .from(tradeIns)
    .where(inArray(tradeIns.agentId, agentIds))
    .groupBy(tradeIns.agentId);
  for (const row of rows) {
    counts.set(row.agentId!, { assigned: Number(row.assigned), completed: Number(row.completed) });
  }
  return counts;
}

/** True when the agent ever held or moved a trade-in: deleting them would lose who did what. */
export async function agentHasTradeIns(db: DbHandle, agentId: string): Promise<boolean> {
  const [held] = await db.select({ n: count() }).from(tradeIns).where(eq(tradeIns.agentId, agentId));
  if (Number(held?.n) > 0) return true;
  const [moved] = await db
    .select({ n: count() })
    .from(tradeInStatusHistory)
    .where(eq(tradeInStatusHistory.actorId, agentId));
  return Number(moved?.n) > 0;
}
