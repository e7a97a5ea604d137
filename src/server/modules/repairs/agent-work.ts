import { eq, inArray } from 'drizzle-orm';
import { REPAIR_OPEN_STATUSES } from '../../../shared/repairs';
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
 * (decisions 031, 047, 100), per agent in one grouped query: bookings still in their hands (neither
 * returned nor cancelled) and those returned. Agents without any are absent.
 */
export function agentPickupCounts(db: DbHandle, agentIds: string[]): Promise<AgentWorkCounts> {
  return agentWorkCounts(db, agentIds, {
    table: repairBookings,
    agentId: repairBookings.agentId,
    assigned: inArray(repairBookings.status, REPAIR_OPEN_STATUSES),
    completed: eq(repairBookings.status, 'returned'),
  });
}
