import { count, eq, ne, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { repairBookings, repairStatusHistory } from '../../db/schema';

/** True when the agent ever held or moved a repair booking: deleting them would lose who did what. */
export async function agentHasRepairs(db: DbHandle, agentId: string): Promise<boolean> {
  const [held] = await db.select({ n: count() }).from(repairBookings).where(eq(repairBookings.agentId, agentId));
  if (Number(held?.n) > 0) return true;
  const [moved] = await db
    .select({ n: count() })
    .from(repairStatusHistory)
    .where(eq(repairStatusHistory.actorId, agentId));
  return Number(moved?.n) > 0;
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
