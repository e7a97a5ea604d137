import { count, eq, inArray, sql } from 'drizzle-orm';
import type { AnySaleStatus } from '../../../shared/trade-in-statuses';
import type { DbHandle } from '../../db/client';
import { tradeIns, tradeInStatusHistory } from '../../db/schema/trade-ins';
import { anyRow } from '../../lib/any-row';

/** Work still with the agent: assigned and not yet offered on. */
const OPEN: AnySaleStatus[] = ['Assigned to Agent', 'Device Assessed', 'Awaiting Offer'];
/** Assessments the agent finished: an offer was made (whatever the customer said). */
const OFFERED: AnySaleStatus[] = ['Offer Made', 'Awaiting Payment', 'Paid', 'Offer Declined'];
/** Offers the customer answered, accepted or declined: the agent's dashboard counts them completed. */
const ANSWERED: AnySaleStatus[] = ['Awaiting Payment', 'Paid', 'Offer Declined'];

/** Every count an agent's trade-ins are seen by, per agent, in one grouped query. */
async function tradeInCounts(db: DbHandle, agentIds: string[]) {
  const filtered = (statuses: AnySaleStatus[]) =>
    sql<number>`count(*) filter (where ${inArray(tradeIns.status, statuses)})`;
  const rows =
    agentIds.length === 0
      ? []
      : await db
          .select({
            agentId: tradeIns.agentId,
            all: count(),
            open: filtered(OPEN),
            offered: filtered(OFFERED),
            answered: filtered(ANSWERED),
            awaitingAssessment: filtered(['Assigned to Agent']),
            offerMade: filtered(['Offer Made']),
          })
          .from(tradeIns)
          .where(inArray(tradeIns.agentId, agentIds))
          .groupBy(tradeIns.agentId);
  return new Map(
    rows.map((row) => [
      row.agentId!,
      {
        all: Number(row.all),
        open: Number(row.open),
        offered: Number(row.offered),
        answered: Number(row.answered),
        awaitingAssessment: Number(row.awaitingAssessment),
        offerMade: Number(row.offerMade),
      },
    ]),
  );
}

/** Assigned and completed counts per agent, computed from the trade-ins (the admin's agent cards). */
export async function agentWorkload(db: DbHandle, agentIds: string[]) {
  const counts = await tradeInCounts(db, agentIds);
  return new Map([...counts].map(([agentId, c]) => [agentId, { assigned: c.open, completed: c.offered }] as const));
}

/**
 * The agent dashboard's trade-in figures (decision 031): every trade-in the agent holds, those
 * waiting for the assessment, the offers waiting for the customer, and the offers answered.
 */
export async function agentTradeInSummary(db: DbHandle, agentId: string) {
  const c = (await tradeInCounts(db, [agentId])).get(agentId);
  return {
    assigned: c?.all ?? 0,
    awaitingAssessment: c?.awaitingAssessment ?? 0,
    offersMade: c?.offerMade ?? 0,
    completed: c?.answered ?? 0,
  };
}

/** True when the agent ever held or moved a trade-in: deleting them would lose who did what. */
export async function agentHasTradeIns(db: DbHandle, agentId: string): Promise<boolean> {
  return (
    (await anyRow(db, tradeIns, eq(tradeIns.agentId, agentId))) ||
    anyRow(db, tradeInStatusHistory, eq(tradeInStatusHistory.actorId, agentId))
  );
}
