import { eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { repairBookings, repairStatusHistory } from '../../db/schema/repairs';
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
export async function agentPickupCounts(
  db: DbHandle,
  agentIds: string[],
): Promise<Map<string, { assigned: number; completed: number }>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .select({
      agentId: repairBookings.agentId,
      assigned: sql<number>`count(*) filter (where ${ne(repairBookings.status, 'cancelled')})`,
      completed: sql<number>`count(*) filter (where ${eq(repairBookings.status, 'returned')})`,
    })
    .from(repairBookings)
    .where(inArray(repairBookings.agentId, agentIds))
    .groupBy(repairBookings.agentId);
  return new Map(
    rows.map((row) => [row.agentId!, { assigned: Number(row.assigned), completed: Number(row.completed) }]),
  );
}
