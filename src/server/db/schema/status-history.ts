/** The status-history columns trade-ins and repair bookings share. */
import { text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { clearedWith, createdAt } from './columns';

/**
 * The columns a trade-in's and a repair booking's status history share, after the row an entry
 * belongs to: the status reached, its description, the user who moved it (set null when that user
 * is deleted) and when.
 */
export const statusStep = () => ({
  status: text('status').notNull(),
  description: text('description').notNull(),
  actorId: clearedWith('actor_id', () => users.id),
  createdAt: createdAt(),
});
