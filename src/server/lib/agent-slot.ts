import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The rows an agent is sent to at one pickup slot, in a table with an agent and the pickupSlot() columns: a
 * repair's pickups, a return's collections. Both count against the one capacity of an agent at a slot.
 */
export function atAgentSlot(
  columns: { agentId: AnyPgColumn; pickupDate: AnyPgColumn; pickupTime: AnyPgColumn },
  agentId: string,
  slot: { pickupDate: string; pickupTime: string },
): SQL {
  return and(
    eq(columns.agentId, agentId),
    eq(columns.pickupDate, slot.pickupDate),
    eq(columns.pickupTime, slot.pickupTime),
  )!;
}
