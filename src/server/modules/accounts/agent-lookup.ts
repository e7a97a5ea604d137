import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { users } from '../../db/schema/accounts';

/** Agents other modules may give work to: active and not deleted, oldest first (a stable tie-break). */
export async function activeAgents(db: DbHandle): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.role, 'agent'), eq(users.status, 'active'), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/** First names by user id, for views that name an agent without their other details. */
export async function firstNames(db: DbHandle, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, firstName: users.firstName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.firstName]));
}

/**
 * Agents by id with what a message to them needs: name, email, and whether work may still go to them
 * (active and not deleted). Agents not found are missing from the map.
 */
export async function agentContacts(
  db: DbHandle,
  ids: string[],
): Promise<Map<string, { id: string; firstName: string; name: string; email: string; active: boolean }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: users.status,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.role, 'agent')));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        firstName: row.firstName,
        name: `${row.firstName} ${row.lastName}`.trim(),
        email: row.email,
        active: row.status === 'active' && row.deletedAt === null,
      },
    ]),
  );
}
