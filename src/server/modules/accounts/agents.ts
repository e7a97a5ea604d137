import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PagedReply } from '../../../shared/paging';
import type { z } from 'zod';
import {
  AGENT_MESSAGES,
  AGENT_STATUS_FILTERS,
  type ActiveAgent,
  type AdminAgent,
  type AgentDeleteReply,
  type AgentRole,
  type AgentSummary,
  type agentCreateSchema,
  type agentUpdateSchema,
  type UserStatus,
} from '../../../shared/agents';
import { MFA_MESSAGES } from '../../../shared/staff-mfa';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { sessions, users } from '../../db/schema/accounts';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { containedInAny } from '../../lib/like';
import { newestPage, type AdminListInput } from '../../lib/paging';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/reference-numbers';
import { hasActed, recordAudit, type Actor } from '../audit/service';
import { agentHasRepairs, agentPickupSummary } from '../repairs/agent-work';
import { agentHasTradeIns, agentTradeInSummary, agentWorkload } from '../trade-ins/agent-work';
import { assertAcceptablePassword } from './password-rules';
import { removeSecondFactor } from './second-factor';
import { splitName } from './service';

/**
 * The admin's Agents tab (spec 001 'Agents'): agents are users with the agent role. Create and edit
 * check the username and email are free (409 under the field); delete removes an agent who never
 * did anything on record and otherwise deactivates them, ending their sessions, so history keeps
 * its names.
 */

interface Deps {
  db: Database;
  clock: Clock;
  actor: Actor;
}

/** The store's PUBLIC_URL, for the password rules (its domain's name is no part of a password). */
type WithPublicUrl = { publicUrl: string };

type UserRow = typeof users.$inferSelect;

const AGENT_NOT_FOUND = 'AGENT_NOT_FOUND';
const taken = (field: 'username' | 'email') => {
  const message = field === 'username' ? AGENT_MESSAGES.usernameTaken : AGENT_MESSAGES.emailTaken;
  return new AppError(field === 'username' ? 'USERNAME_TAKEN' : 'EMAIL_TAKEN', message, {
    status: 409,
    fields: { [field]: message },
  });
};

function toAgent(row: UserRow, counts = { assigned: 0, completed: 0 }): AdminAgent {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    role: (row.agentRole ?? 'Agent') as AgentRole,
    status: row.status as UserStatus,
    username: row.username ?? '',
    email: row.email,
    phone: row.phone,
    assigned: counts.assigned,
    completed: counts.completed,
    joinDate: row.createdAt.toISOString(),
  };
}

const isAgent = and(eq(users.role, 'agent'), isNull(users.deletedAt));

/**
 * GET /api/admin/agents: newest first, paged, with their counts; ?q= a part of the name, username
 * or email, ?status= active or inactive.
 */
export async function listAgents({ db, query }: AdminListInput): Promise<PagedReply<AdminAgent>> {
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
  const counts = await agentWorkload(
    db,
    page.items.map((r) => r.id),
  );
  return { ...page, items: page.items.map((row) => toAgent(row, counts.get(row.id))) };
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

/** GET /api/agent/summary: the signed-in agent's dashboard cards, from their trade-ins and pickups (decision 031). */
export async function getAgentSummary({ db, agentId }: { db: Database; agentId: string }): Promise<AgentSummary> {
  const [tradeIns, pickups] = await Promise.all([agentTradeInSummary(db, agentId), agentPickupSummary(db, agentId)]);
  return {
    assigned: tradeIns.assigned + pickups.assigned,
    awaitingAssessment: tradeIns.awaitingAssessment,
    offersMade: tradeIns.offersMade,
    completed: tradeIns.completed + pickups.completed,
    tradeIns: { assigned: tradeIns.assigned, completed: tradeIns.completed },
    pickups,
  };
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

async function requireAgent(db: DbHandle, id: string, lock = false): Promise<UserRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(AGENT_NOT_FOUND, AGENT_MESSAGES.notFound);
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isAgent))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(AGENT_NOT_FOUND, AGENT_MESSAGES.notFound);
  return row;
}

/** POST /api/admin/agents. */
export async function createAgent({
  db,
  clock,
  actor,
  input,
  publicUrl,
}: Deps & WithPublicUrl & { input: z.output<typeof agentCreateSchema> }): Promise<AdminAgent> {
  assertAcceptablePassword(input.password, 'password', { email: input.email, username: input.username, publicUrl });
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  return transaction(db, async (tx) => {
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
    const agent = toAgent(row!);
    await recordAudit(tx, {
      actor,
      action: 'agent.create',
      entity: { type: 'agent', id: agent.id },
      after: agent,
      at: now,
    });
    return agent;
  });
}

/** PATCH /api/admin/agents/:id: every field; a new password ends the agent's sessions. */
export async function updateAgent({
  db,
  clock,
  actor,
  id,
  input,
  publicUrl,
}: Deps & WithPublicUrl & { id: string; input: z.output<typeof agentUpdateSchema> }): Promise<AdminAgent> {
  if (input.password)
    assertAcceptablePassword(input.password, 'password', { email: input.email, username: input.username, publicUrl });
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const now = clock.now();
  return transaction(db, async (tx) => {
    const before = await requireAgent(tx, id, true);
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
    const counts = (await agentWorkload(tx, [id])).get(id);
    const agent = toAgent(row!, counts);
    await recordAudit(tx, {
      actor,
      action: 'agent.update',
      entity: { type: 'agent', id },
      before: toAgent(before, counts),
      after: agent,
      details: passwordHash ? { passwordChanged: true } : undefined,
      at: now,
    });
    return agent;
  });
}

/**
 * DELETE /api/admin/agents/:id: an agent with history (trade-ins, repairs, audit entries) is
 * deactivated and signed out everywhere; one without is removed.
 */
export async function deleteAgent({ db, clock, actor, id }: Deps & { id: string }): Promise<AgentDeleteReply> {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const before = await requireAgent(tx, id, true);
    const history = (await agentHasTradeIns(tx, id)) || (await agentHasRepairs(tx, id)) || (await hasActed(tx, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    if (history) {
      await tx.update(users).set({ status: 'inactive', updatedAt: now }).where(eq(users.id, id));
    } else {
      await tx.delete(users).where(eq(users.id, id));
    }
    const outcome = history ? 'deactivated' : 'deleted';
    await recordAudit(tx, {
      actor,
      action: history ? 'agent.deactivate' : 'agent.delete',
      entity: { type: 'agent', id },
      before: toAgent(before),
      after: history ? { ...toAgent(before), status: 'inactive' } : undefined,
      at: now,
    });
    return { outcome, message: history ? AGENT_MESSAGES.deactivated : AGENT_MESSAGES.deleted };
  });
}

/**
 * POST /api/admin/agents/:id/reset-mfa: an agent who lost their phone gets a new authenticator at
 * their next sign-in. Their app and recovery codes are removed and their sessions ended, audited.
 */
export async function resetAgentSecondFactor({
  db,
  clock,
  actor,
  id,
}: Deps & { id: string }): Promise<{ message: string }> {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const agent = toAgent(await requireAgent(tx, id, true));
    await removeSecondFactor(tx, id);
    await recordAudit(tx, { actor, action: 'agent.mfa_reset', entity: { type: 'agent', id }, before: agent, at: now });
    return { message: MFA_MESSAGES.reset };
  });
}
