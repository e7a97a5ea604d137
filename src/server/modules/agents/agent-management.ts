import type { z } from 'zod';
import {
  AGENT_MESSAGES,
  describeOpenWork,
  type AdminAgent,
  type AgentDeleteReply,
  type AgentSummary,
  type agentCreateSchema,
  type agentUpdateSchema,
} from '../../../shared/agents';
import type { PagedReply } from '../../../shared/paging';
import { MFA_MESSAGES } from '../../../shared/staff-mfa';
import { transaction, type Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { ERROR_CODES } from '../../../shared/errors';
import type { AdminListInput } from '../../lib/paging';
import {
  hashAgentPassword,
  insertAgentAccount,
  listAgentAccounts,
  lockAgentAccount,
  removeAgentAccount,
  removeSecondFactor,
  updateAgentAccount,
} from '../accounts';
import { hasActed, recordAudit, type SignedInActor } from '../audit';
import type { Config } from '../../config';
import { agentHasRepairs } from '../repairs';
import { agentHasReturns } from '../returns';
import { agentHasTradeIns } from '../trade-ins';
import { changeAgentStatus } from './status';
import { agentCard, agentOpenWork, agentWorkCounts, withWork } from './work';

/*
 * The admin's Agents tab (spec 001 'Agents') and the agent portal's cards (docs/decisions/031),
 * composed: an agent's account from accounts, their work from trade-ins and repairs, each counting
 * its own table. A change runs in one transaction with its audit entry:
 *
 *   createAgent             the account, with no work yet
 *   updateAgent             lock the account -> change it -> a new status through changeAgentStatus
 *                           (status.ts: the hand-over of open work) -> count the work for the entry
 *   deleteAgent             lock the account -> refuse (409) while they hold open work -> ask trade-ins,
 *                           repairs and the audit log for history -> deactivate an agent with history
 *                           (their records keep the name), delete one without
 *   resetAgentSecondFactor  lock the account -> remove the authenticator and recovery codes, ending sessions
 */

interface Change {
  db: Database;
  clock: Clock;
  actor: SignedInActor;
}

/** GET /api/admin/agents: newest first, paged, each card counted as the agent's own dashboard counts (decision 047). */
export async function listAgents({ db, query }: AdminListInput): Promise<PagedReply<AdminAgent>> {
  const page = await listAgentAccounts({ db, query });
  const work = await agentWorkCounts(
    db,
    page.items.map((agent) => agent.id),
  );
  return { ...page, items: page.items.map((agent) => withWork(agent, work.get(agent.id))) };
}

/** GET /api/agent/summary: the signed-in agent's dashboard cards, from their trade-ins and pickups. */
export async function getAgentSummary({ db, agentId }: { db: Database; agentId: string }): Promise<AgentSummary> {
  return (await agentWorkCounts(db, [agentId])).get(agentId)!;
}

/** POST /api/admin/agents. */
export async function createAgent({
  db,
  clock,
  actor,
  config,
  input,
}: Change & { config: Config; input: z.output<typeof agentCreateSchema> }): Promise<AdminAgent> {
  const passwordHash = await hashAgentPassword({ ...input, config });
  const now = clock.now();
  return transaction(db, async (tx) => {
    const agent = withWork(await insertAgentAccount(tx, { input, passwordHash, now }), undefined);
    const entity = { type: 'agent', id: agent.id };
    await recordAudit(tx, { actor, action: 'agent.create', entity, after: agent, at: now });
    return agent;
  });
}

/**
 * PATCH /api/admin/agents/:id: every field; a new password ends the agent's sessions; a new status
 * goes the way of deactivate and reactivate (status.ts), the hand-over included.
 */
export async function updateAgent({
  db,
  clock,
  config,
  actor,
  id,
  input,
}: Change & { config: Config; id: string; input: z.output<typeof agentUpdateSchema> }): Promise<AdminAgent> {
  const { password } = input;
  const passwordHash = password ? await hashAgentPassword({ ...input, password, config }) : undefined;
  const now = clock.now();
  return transaction(db, async (tx) => {
    const before = await lockAgentAccount(tx, id);
    let after = await updateAgentAccount(tx, { id, input, passwordHash, now });
    if (input.status && input.status !== before.status) {
      ({ after } = await changeAgentStatus(tx, {
        before,
        status: input.status,
        handOver: input.handOver,
        actor,
        config,
        now,
      }));
    }
    const agent = await agentCard(tx, after);
    await recordAudit(tx, {
      actor,
      action: 'agent.update',
      entity: { type: 'agent', id },
      before: { ...agent, ...before },
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
export async function deleteAgent({ db, clock, actor, id }: Change & { id: string }): Promise<AgentDeleteReply> {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const account = await lockAgentAccount(tx, id);
    const work = await agentOpenWork(tx, id);
    const open = describeOpenWork({
      tradeIns: work.tradeIns.length,
      pickups: work.pickups.length,
      collections: work.collections.length,
    });
    if (open)
      throw new AppError(ERROR_CODES.conflict, AGENT_MESSAGES.deleteHasWork(account.name, open), { status: 409 });
    const before = await agentCard(tx, account);
    const history =
      (await agentHasTradeIns(tx, id)) ||
      (await agentHasRepairs(tx, id)) ||
      (await agentHasReturns(tx, id)) ||
      (await hasActed(tx, id));
    await removeAgentAccount(tx, { id, keepRecord: history, now });
    await recordAudit(tx, {
      actor,
      action: history ? 'agent.deactivate' : 'agent.delete',
      entity: { type: 'agent', id },
      before,
      after: history ? { ...before, status: 'inactive' } : undefined,
      at: now,
    });
    const outcome = history ? 'deactivated' : 'deleted';
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
}: Change & { id: string }): Promise<{ message: string }> {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const agent = await lockAgentAccount(tx, id);
    await removeSecondFactor(tx, id);
    await recordAudit(tx, { actor, action: 'agent.mfa_reset', entity: { type: 'agent', id }, before: agent, at: now });
    return { message: MFA_MESSAGES.reset };
  });
}
