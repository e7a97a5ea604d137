import { eq, ne } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { repairBookings, repairStatusHistory } from '../../db/schema/repairs';
import { agentWorkCounts, type AgentWorkCounts } from '../../lib/agent-work-counts';
import { anyRow } from '../../lib/any-row';

/** True when the agent ever held or moved a repair booking: deleting them would lose who did what. */
export async function agentHasRepairs(db: DbHandle, agentId: string): Promise<boolean> {
  return (
    (await anyRow(db, repairBookings, eq(repairBookings.agentId, agentId))) ||
    anyRow(db, repairStatusHistory, eq(repairStatusHistory.actorId, agentId))
  );
}

/**
 * The agents' pickup figures as the agent's dashboard and the admin's agent cards both show them
 * (decisions 031, 047), per agent in one grouped query: pickups given to them (a cancelled one is
 * not) and those returned. Agents without any are absent.
 */
export function agentPickupCounts(db: DbHandle, agentIds: string[]): Promise<AgentWorkCounts> {
  return agentWorkCounts(db, agentIds, {
    table: repairBookings,
    agentId: repairBookings.agentId,
    assigned: ne(repairBookings.status, 'cancelled'),
    completed: eq(repairBookings.status, 'returned'),
  });
}
