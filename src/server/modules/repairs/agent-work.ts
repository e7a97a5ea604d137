import { count, eq } from 'drizzle-orm';
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
