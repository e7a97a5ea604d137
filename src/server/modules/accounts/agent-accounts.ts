import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AGENT_MESSAGES,
  AGENT_STATUS_FILTERS,
  type ActiveAgent,
  type AdminAgent,
  type AgentWorkCounts,
  type AgentRole,
  type agentCreateSchema,
  type agentUpdateSchema,
  type UserStatus,
} from '../../../shared/agents';
import type { PagedReply } from '../../../shared/paging';
import type { Config } from '../../config';
import type { Database, DbHandle } from '../../db/client';
import { sessions, users } from '../../db/schema/accounts';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { containedInAny } from '../../lib/like';
import { newestPage, type AdminListInput } from '../../lib/paging';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/reference-numbers';
import { assertAcceptablePassword } from './password-rules';
import { splitName } from './people';
import type { UserRow } from './users';

/*
 * Agents' accounts: users with the agent role, as the admin's Agents tab changes them. The agents
 * module composes these steps with each agent's work (trade-ins, repairs), opens the transaction and
 * writes the audit entry. The username and email must be free (409 under the field).
 */

/** An agent as the Agents tab shows them, before their work is counted. */
export type AgentAccount = Omit<AdminAgent, keyof AgentWorkCounts>;

const AGENT_NOT_FOUND = 'AGENT_NOT_FOUND';
const taken = (field: 'username' | 'email') => {
  const message = field === 'username' ? AGENT_MESSAGES.usernameTaken : AGENT_MESSAGES.emailTaken;
  return new AppError(field === 'username' ? 'USERNAME_TAKEN' : 'EMAIL_TAKEN', message, {
    status: 409,
    fields: { [field]: message },
  });
};

function toAgentAccount(row: UserRow): AgentAccount {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    role: (row.agentRole ?? 'Agent') as AgentRole,
    status: row.status as UserStatus,
    username: row.username ?? '',
    email: row.email,
    phone: row.phone,
    joinDate: row.createdAt.toISOString(),
  };
}

const isAgent = and(eq(users.role, 'agent'), isNull(users.deletedAt));

/** A page of agents, newest first; ?q= a part of the name, username or email, ?status= active or inactive. */
export async function listAgentAccounts({ db, query }: AdminListInput): Promise<PagedReply<AgentAccount>> {
  if (query.status && !AGENT_STATUS_FILTERS.some((option) => option.value === query.status)) {
    throw invalidField('status', 'Unknown agent status');
  }
  const where = and(
    isAgent,
    query.status ? eq(users.status, query.status) : undefined,
    query.q
      ? containedInAny(query.q, [
          sql`${users.firstName} || ' ' || ${users.lastName}`,
          sql`coalesce(${users.username}, '')`,
          users.email,
        ])
      : undefined,
  );
  const page = await newestPage(db, users, where, query);
  return { ...page, items: page.items.map(toAgentAccount) };
}

/** GET /api/admin/agents/active: every active agent, by name, for the Assign dialog (no counts). */
export async function listActiveAgents({ db }: { db: Database }): Promise<{ items: ActiveAgent[] }> {
  const rows = await db
    .select()
    .from(users)
    .where(and(isAgent, eq(users.status, 'active')))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return {
    items: rows.map(({ id, firstName, lastName, agentRole }) => ({
      id,
      name: `${firstName} ${lastName}`.trim(),
      role: (agentRole ?? 'Agent') as AgentRole,
    })),
  };
}

/** An agent's new password, checked against the rules (the store's domain name is no part of one) and hashed. */
export async function hashAgentPassword({
  password,
  email,
  username,
  config,
}: {
  password: string;
  email: string;
  username: string;
  config: Pick<Config, 'PUBLIC_URL' | 'PASSWORD_WORK'>;
}): Promise<string> {
  assertAcceptablePassword(password, 'password', { email, username, publicUrl: config.PUBLIC_URL, setFor: 'agent' });
  return hashPassword(password, config.PASSWORD_WORK);
}

/** 409 naming the field when another account holds this username or email. */
async function assertFree(db: DbHandle, input: { username: string; email: string }, exceptId?: string) {
  const others = (condition: ReturnType<typeof sql>) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(condition, exceptId ? ne(users.id, exceptId) : undefined))
      .limit(1);
  if ((await others(sql`lower(${users.username}) = ${input.username.toLowerCase()}`)).length) throw taken('username');
  if ((await others(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)).length) throw taken('email');
}

/** A unique index refusing a race the pre-check missed: the same 409 as the pre-check. */
function uniqueRefusal(error: unknown): never {
  if (isUniqueViolation(error)) throw taken(String(error).includes('username') ? 'username' : 'email');
  throw error;
}

/** The agent with this id; with `lock`, locked for the rest of the caller's transaction. 404 when there is none. */
export async function findAgentAccount(db: DbHandle, id: string, { lock = false } = {}): Promise<AgentAccount> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(AGENT_NOT_FOUND, AGENT_MESSAGES.notFound);
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isAgent))
    .limit(1);
  // NO KEY UPDATE: two admin changes of one agent still wait for each other, but a booking or an assignment
  // naming the agent (its foreign key takes KEY SHARE) does not wait, so a deactivation that then takes a
  // pickup day's lock cannot deadlock with a booking holding that lock (decision 047).
  const [row] = lock ? await query.for('no key update') : await query;
  if (!row) throw notFound(AGENT_NOT_FOUND, AGENT_MESSAGES.notFound);
  return toAgentAccount(row);
}

/** The agent with this id, locked for the rest of the caller's transaction; 404 when there is none. */
export const lockAgentAccount = (tx: DbHandle, id: string) => findAgentAccount(tx, id, { lock: true });

/** A new active agent, in the caller's transaction. */
export async function insertAgentAccount(
  tx: DbHandle,
  { input, passwordHash, now }: { input: z.output<typeof agentCreateSchema>; passwordHash: string; now: Date },
): Promise<AgentAccount> {
  await assertFree(tx, input);
  const [row] = await tx
    .insert(users)
    .values({
      role: 'agent',
      ...splitName(input.name),
      email: input.email,
      phone: input.phone,
      username: input.username,
      agentRole: input.role,
      passwordHash,
      status: 'active',
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .catch(uniqueRefusal);
  return toAgentAccount(row!);
}

/** Every field of a locked agent, in the caller's transaction; a new password ends the agent's sessions. */
export async function updateAgentAccount(
  tx: DbHandle,
  {
    id,
    input,
    passwordHash,
    now,
  }: { id: string; input: z.output<typeof agentUpdateSchema>; passwordHash: string | undefined; now: Date },
): Promise<AgentAccount> {
  await assertFree(tx, input, id);
  const [row] = await tx
    .update(users)
    .set({
      ...splitName(input.name),
      email: input.email,
      phone: input.phone,
      username: input.username,
      agentRole: input.role,
      ...(passwordHash ? { passwordHash } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, id))
    .returning()
    .catch(uniqueRefusal);
  if (passwordHash) await tx.delete(sessions).where(eq(sessions.userId, id));
  return toAgentAccount(row!);
}

/**
 * A locked agent's status, in the caller's transaction: deactivating ends their sessions (they can
 * no longer sign in); reactivating lets them sign in again with the same username and password.
 */
export async function setAgentAccountStatus(
  tx: DbHandle,
  { id, status, now }: { id: string; status: UserStatus; now: Date },
): Promise<AgentAccount> {
  if (status === 'inactive') await tx.delete(sessions).where(eq(sessions.userId, id));
  const [row] = await tx.update(users).set({ status, updatedAt: now }).where(eq(users.id, id)).returning();
  return toAgentAccount(row!);
}

/**
 * Deactivates a locked agent (`keepRecord`: history still names them) or deletes their row, their
 * sessions ended either way, in the caller's transaction.
 */
export async function removeAgentAccount(
  tx: DbHandle,
  { id, keepRecord, now }: { id: string; keepRecord: boolean; now: Date },
) {
  if (keepRecord) {
    await setAgentAccountStatus(tx, { id, status: 'inactive', now });
  } else {
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await tx.delete(users).where(eq(users.id, id));
  }
}
