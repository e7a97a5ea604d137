import { eq, inArray, sql } from 'drizzle-orm';
import type { AnySaleStatus } from '../../../shared/trade-in-statuses';
import type { DbHandle } from '../../db/client';
import { tradeIns, tradeInStatusHistory } from '../../db/schema/trade-ins';
import { anyRow } from '../../lib/any-row';
import { OPEN_TRADE_IN_STATUSES } from './hand-over';

/**
 * Offers the customer answered, accepted or declined (a listed device was accepted and paid, a returned
 * one declined): counted completed.
 */
const ANSWERED: AnySaleStatus[] = ['Awaiting Payment', 'Paid', 'Offer Declined', 'Device Returned', 'Listed'];

export interface AgentTradeInCounts {
  /** The trade-ins still waiting on the agent (the ones a hand-over would move): finished work does not count. */
  assigned: number;
  awaitingAssessment: number;
  offersMade: number;
  completed: number;
}

/**
 * The agents' trade-in figures as the agent's dashboard and the admin's agent cards both show them
 * (decisions 031, 047, 100), per agent, in one grouped query: the trade-ins still open with them, those
 * waiting for the assessment, the offers waiting for the customer, and the offers answered. Agents without
 * any are absent.
 */
export async function agentTradeInCounts(db: DbHandle, agentIds: string[]): Promise<Map<string, AgentTradeInCounts>> {
  if (agentIds.length === 0) return new Map();
  const filtered = (statuses: AnySaleStatus[]) =>
    sql<number>`count(*) filter (where ${inArray(tradeIns.status, statuses)})`;
  const rows = await db
    .select({
      agentId: tradeIns.agentId,
      assigned: filtered(OPEN_TRADE_IN_STATUSES),
      awaitingAssessment: filtered(['Assigned to Agent']),
      offersMade: filtered(['Offer Made']),
      completed: filtered(ANSWERED),
    })
    .from(tradeIns)
    .where(inArray(tradeIns.agentId, agentIds))
    .groupBy(tradeIns.agentId);
  return new Map(
    rows.map((row) => [
      row.agentId!,
      {
        assigned: Number(row.assigned),
        awaitingAssessment: Number(row.awaitingAssessment),
        offersMade: Number(row.offersMade),
        completed: Number(row.completed),
      },
    ]),
  );
}

/** True when the agent ever held or moved a trade-in: deleting them would lose who did what. */
export async function agentHasTradeIns(db: DbHandle, agentId: string): Promise<boolean> {
  return (
    (await anyRow(db, tradeIns, eq(tradeIns.agentId, agentId))) ||
    anyRow(db, tradeInStatusHistory, eq(tradeInStatusHistory.actorId, agentId))
  );
}
