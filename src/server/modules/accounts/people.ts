import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { paymentDetails, users } from '../../db/schema/accounts';
import { containedInAny } from '../../lib/like';
import { activeUser } from './sessions';

/*
 * What other modules read of a person: names by id, the people the audit log's filter matches, an
 * agent work may go to, a customer's saved payout account. (Agents to share work among and their
 * first names: agent-lookup.ts.) The flows of the account itself are in their own files: sign-up.ts,
 * sign-in.ts, password-change.ts, password-reset.ts, profile.ts, payment-details.ts, address.ts.
 */

/** One name field on the spec's profile: the first word is the first name, the rest the last. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * The bank account a customer saved for payouts, with its number whole: for the server's own use
 * only (accepting an offer into it), never a reply, which shows the number masked.
 */
export async function savedBankAccount(
  db: DbHandle,
  userId: string,
): Promise<{ bankName: string; accountHolder: string; branchCode: string; accountNumber: string } | null> {
  const [row] = await db.select().from(paymentDetails).where(eq(paymentDetails.userId, userId)).limit(1);
  if (row?.method !== 'bank' || !row.accountNumber || !row.bankName) return null;
  return {
    bankName: row.bankName,
    accountHolder: row.accountHolder ?? '',
    branchCode: row.branchCode ?? '',
    accountNumber: row.accountNumber,
  };
}

/** Staff and customers by id, or whose name or email contains `search`: for the audit log's names and its person filter. */
export async function findPeople(
  db: DbHandle,
  filter: { ids: string[] } | { search: string },
): Promise<Array<{ id: string; name: string; email: string }>> {
  const name = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
  const where =
    'ids' in filter
      ? filter.ids.length > 0
        ? inArray(users.id, filter.ids)
        : sql`false`
      : containedInAny(filter.search, [name, users.email]);
  return db.select({ id: users.id, name, email: users.email }).from(users).where(where).limit(500);
}

/**
 * Display names ('Sarah Mitchell') of users by id, for staff lists naming who holds a record or did a step;
 * a record held by nobody, or a step no user took, gives null, which is passed over.
 */
export async function userNames(db: DbHandle, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}

/** The agent with this id when they are active (work may be given to them), or null. */
export async function findActiveAgent(db: DbHandle, id: string) {
  const [agent] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'agent'), activeUser()))
    .limit(1);
  return agent ? { id: agent.id, name: `${agent.firstName} ${agent.lastName}`.trim(), email: agent.email } : null;
}

/**
 * Where the admin is told of new work (a trade-in, a repair booking): ADMIN_NOTIFY_EMAIL, or the first
 * admin's address when it is unset; null when it is 'off'.
 */
export async function adminNotifyAddress(
  db: DbHandle,
  config: Pick<Config, 'ADMIN_NOTIFY_EMAIL'>,
): Promise<string | null> {
  if (config.ADMIN_NOTIFY_EMAIL === 'off') return null;
  if (config.ADMIN_NOTIFY_EMAIL) return config.ADMIN_NOTIFY_EMAIL;
  const [admin] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), activeUser()))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return admin?.email ?? null;
}
