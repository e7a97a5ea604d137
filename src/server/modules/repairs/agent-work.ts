import { eq, ne, sql } from 'drizzle-orm';
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

/** The agent dashboard's pickup figures (decision 031): pickups given to the agent (a cancelled one is not), and those returned. */
export async function agentPickupSummary(db: DbHandle, agentId: string) {
  const [row] = await db
    .select({
      assigned: sql<number>`count(*) filter (where ${ne(repairBookings.status, 'cancelled')})`,
      completed: sql<number>`count(*) filter (where ${eq(repairBookings.status, 'returned')})`,
    })
    .from(repairBookings)
    .where(eq(repairBookings.agentId, agentId));
  return { assigned: Number(row?.assigned ?? 0), completed: Number(row?.completed ?? 0) };
}
