/** The status history trade-ins, repair bookings and return requests share. */
import { check, index, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { clearedWith, createdAt, identityKey, oneOf, partOf } from './columns';

/**
 * The columns a status history's entry has after the row it belongs to: the status reached, its
 * description, the user who moved it (set null when that user is deleted) and when.
 */
const statusStep = () => ({
  status: text('status').notNull(),
  description: text('description').notNull(),
  actorId: clearedWith('actor_id', () => users.id),
  createdAt: createdAt(),
});

/**
 * A record's status history: an entry per move, deleted with its record (`owner`, its column named
 * `ownerKey`), its status one of `statuses`, read by record in order. The constraint names are given
 * whole, as the migrations have them.
 */
export function statusHistoryTable<Name extends string, OwnerKey extends string>(
  name: Name,
  owner: { key: OwnerKey; column: string; references: () => AnyPgColumn },
  statuses: readonly string[],
  constraints: { statusCheck: string; ownerIndex: string },
) {
  const ownerColumn = { [owner.key]: partOf(owner.column, owner.references) } as Record<
    OwnerKey,
    ReturnType<typeof partOf>
  >;
  return pgTable(name, { id: identityKey(), ...ownerColumn, ...statusStep() }, (t) => [
    check(constraints.statusCheck, oneOf(t.status, statuses)),
    index(constraints.ownerIndex).on(t[owner.key], t.createdAt),
  ]);
}
