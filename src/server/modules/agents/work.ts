import type { AdminAgent, AgentOpenWork, AgentSummary } from '../../../shared/agents';
import type { DbHandle } from '../../db/client';
import type { AgentAccount } from '../accounts';
import { agentPickupCounts, openPickupsOf } from '../repairs';
import { agentCollectionCounts, openCollectionsOf } from '../returns';
import { agentTradeInCounts, openTradeInsOf } from '../trade-ins';

/*
 * An agent's work as every screen counts it (decisions 031, 047): the agent's dashboard cards, the
 * admin's agent cards and the load by which a deactivated agent's work is shared all read it here,
 * so "Assigned" means one thing wherever it is shown.
 */

/** The dashboard's figures for each agent, in two grouped queries (trade-ins, pickups) whatever the number of agents. */
export async function agentWorkCounts(db: DbHandle, agentIds: string[]): Promise<Map<string, AgentSummary>> {
  const [tradeIns, pickups, collections] = await Promise.all([
    agentTradeInCounts(db, agentIds),
    agentPickupCounts(db, agentIds),
    agentCollectionCounts(db, agentIds),
  ]);
  return new Map(
    agentIds.map((id) => {
      const t = tradeIns.get(id) ?? { assigned: 0, completed: 0, awaitingAssessment: 0, offersMade: 0 };
      const p = pickups.get(id) ?? { assigned: 0, completed: 0 };
      const c = collections.get(id) ?? { assigned: 0, completed: 0 };
      return [
        id,
        {
          assigned: t.assigned + p.assigned + c.assigned,
          completed: t.completed + p.completed + c.completed,
          awaitingAssessment: t.awaitingAssessment,
          offersMade: t.offersMade,
          tradeIns: { assigned: t.assigned, completed: t.completed },
          pickups: p,
          collections: c,
        },
      ];
    }),
  );
}

/** The trade-ins and bookings still waiting on the agent: what deactivating them hands over. */
export async function agentOpenWork(db: DbHandle, agentId: string): Promise<AgentOpenWork> {
  const [tradeIns, pickups, collections] = await Promise.all([
    openTradeInsOf(db, agentId),
    openPickupsOf(db, agentId),
    openCollectionsOf(db, agentId),
  ]);
  return { tradeIns, pickups, collections };
}

/** The admin's card of an agent: the account with the dashboard's Assigned and Completed. */
export function withWork({ joinDate, ...account }: AgentAccount, work: AgentSummary | undefined): AdminAgent {
  const none = { assigned: 0, completed: 0 };
  const { assigned, completed, tradeIns, pickups, collections } = work ?? {
    ...none,
    tradeIns: none,
    pickups: none,
    collections: none,
  };
  return { ...account, assigned, completed, tradeIns, pickups, collections, joinDate };
}

/** One agent's card, counted now (in the caller's transaction after a change). */
export async function agentCard(db: DbHandle, account: AgentAccount): Promise<AdminAgent> {
  return withWork(account, (await agentWorkCounts(db, [account.id])).get(account.id));
}
