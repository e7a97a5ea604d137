import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../db/client';

/** An agent's figures on one kind of work: the jobs given to them, and those they finished. */
export type AgentWorkCounts = Map<string, { assigned: number; completed: number }>;

/**
 * Per agent in `agentIds`, in one grouped query over `table` (by its `agentId` column): the rows where
 * `assigned` holds and those where `completed` holds. Agents without any row are absent.
 */
export async function agentWorkCounts(
  db: DbHandle,
  agentIds: string[],
  work: { table: PgTable; agentId: PgColumn; assigned: SQL; completed: SQL },
): Promise<AgentWorkCounts> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .select({
      agentId: work.agentId,
      assigned: sql<number>`count(*) filter (where ${work.assigned})`,
      completed: sql<number>`count(*) filter (where ${work.completed})`,
    })
    .from(work.table)
    .where(inArray(work.agentId, agentIds))
    .groupBy(work.agentId);
  return new Map(
    rows.map((row) => [row.agentId as string, { assigned: Number(row.assigned), completed: Number(row.completed) }]),
  );
}
