import {
  AGENT_MESSAGES,
  describeOpenWork,
  type AgentStatusReply,
  type HandedOver,
  type HandOver,
  type UserStatus,
} from '../../../shared/agents';
import { ERROR_CODES } from '../../../shared/errors';
import type { Config } from '../../config';
import { transaction, type Database, type DbHandle, type Transaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import { activeAgents, type AgentAccount, lockAgentAccount, setAgentAccountStatus } from '../accounts';
import { recordAudit, type SignedInActor } from '../audit';
import { handOverPickup } from '../repairs';
import { handOverCollection } from '../returns';
import { handOverTradeIn } from '../trade-ins';
import { agentCard, agentOpenWork, agentWorkCounts } from './work';

/*
 * An agent's status (decision 047): deactivating hands their open trade-ins and pickups over, then
 * ends their sessions; reactivating lets them sign in again. The Deactivate dialog, the Edit dialog's
 * status and the Reactivate button all come here, in the caller's transaction:
 *
 *   changeAgentStatus  to 'inactive': list the open work -> refuse (409) when there is work and no
 *                      hand-over or nobody to take it -> hand each record over (trade-ins, then
 *                      pickups, each through its own module) -> the status, the sessions ended -> audit
 *                      to 'active': the status -> audit
 */

type Candidate = { id: string; firstName: string; lastName: string };

interface StatusChange {
  before: AgentAccount;
  status: UserStatus;
  handOver: HandOver | undefined;
  actor: SignedInActor;
  config: Config;
  now: Date;
}

const conflict = (message: string) => new AppError(ERROR_CODES.conflict, message, { status: 409 });
const fullName = (agent: Candidate) => `${agent.firstName} ${agent.lastName}`.trim();

/**
 * Who takes each record: the chosen agent first, or the least loaded (the dashboard's Assigned: open work, each
 * record handed over counting at once, the longest-serving first on a tie). Then the others by load,
 * for a pickup whose slot the first cannot take.
 */
async function handOverOrder(tx: DbHandle, candidates: Candidate[], handOver: HandOver) {
  const counts = await agentWorkCounts(
    tx,
    candidates.map((agent) => agent.id),
  );
  const load = new Map(candidates.map((agent) => [agent.id, counts.get(agent.id)?.assigned ?? 0]));
  const chosen = handOver.mode === 'agent' ? candidates.find((agent) => agent.id === handOver.agentId) : undefined;
  if (handOver.mode === 'agent' && !chosen) throw invalidField('handOver.agentId', AGENT_MESSAGES.chooseAgent);
  return {
    /** The candidates in order of preference for the next record. */
    next(): Candidate[] {
      // Array.prototype.sort is stable: agents of equal load keep activeAgents' order, oldest first.
      const byLoad = [...candidates].sort((a, b) => load.get(a.id)! - load.get(b.id)!);
      return chosen ? [chosen, ...byLoad.filter((agent) => agent !== chosen)] : byLoad;
    },
    took(agent: Candidate) {
      load.set(agent.id, load.get(agent.id)! + 1);
    },
  };
}

/** Hands every open record of the agent over; refuses (409, nothing changed) when it cannot. */
async function handOverWork(tx: Transaction, change: StatusChange): Promise<HandedOver[]> {
  const { before, handOver, actor, config, now } = change;
  const work = await agentOpenWork(tx, before.id);
  const counted = describeOpenWork({
    tradeIns: work.tradeIns.length,
    pickups: work.pickups.length,
    collections: work.collections.length,
  });
  if (!counted) return [];
  if (!handOver) throw conflict(AGENT_MESSAGES.openWork(before.name, counted));
  const candidates = (await activeAgents(tx)).filter((agent) => agent.id !== before.id);
  if (candidates.length === 0) throw conflict(AGENT_MESSAGES.noOtherAgent(before.name, counted));
  const order = await handOverOrder(tx, candidates, handOver);
  const from = { id: before.id };
  const handed: HandedOver[] = [];
  const record = (kind: HandedOver['kind'], number: string, to: Candidate) => {
    order.took(to);
    handed.push({ kind, number, toAgentId: to.id, toAgentName: fullName(to) });
  };
  for (const { transactionNumber: number } of work.tradeIns) {
    const [to] = order.next();
    await handOverTradeIn(tx, { number, from, to: to!, actor, config, now });
    record('trade-in', number, to!);
  }
  for (const { bookingNumber: number } of work.pickups) {
    const to = await handOverPickup(tx, { number, from, candidates: order.next(), actor, config, now });
    record('pickup', number, to);
  }
  for (const { returnNumber: number } of work.collections) {
    const to = await handOverCollection(tx, { number, from, candidates: order.next(), actor, config, now });
    record('collection', number, to);
  }
  return handed;
}

/** Moves a locked agent to `status` (a change, never the same status), with its audit entry. */
export async function changeAgentStatus(tx: Transaction, change: StatusChange) {
  const { before, status, actor, now } = change;
  const handedOver = status === 'inactive' ? await handOverWork(tx, change) : [];
  const after = await setAgentAccountStatus(tx, { id: before.id, status, now });
  await recordAudit(tx, {
    actor,
    action: status === 'inactive' ? 'agent.deactivate' : 'agent.reactivate',
    entity: { type: 'agent', id: before.id },
    before: { status: before.status },
    after: { status },
    details: handedOver.length ? { handedOver } : undefined,
    at: now,
  });
  return { after, handedOver };
}

interface StatusRequest {
  db: Database;
  clock: Clock;
  config: Config;
  actor: SignedInActor;
  id: string;
}

/** "Agent deactivated; 1 open trade-in and 1 open pickup handed over" */
function deactivatedMessage(handedOver: HandedOver[]) {
  const count = (kind: HandedOver['kind']) => handedOver.filter((record) => record.kind === kind).length;
  const work = describeOpenWork({
    tradeIns: count('trade-in'),
    pickups: count('pickup'),
    collections: count('collection'),
  });
  return work ? `${AGENT_MESSAGES.deactivated}; ${work} handed over` : AGENT_MESSAGES.deactivated;
}

/**
 * POST /api/admin/agents/:id/deactivate. An agent already inactive who still holds work (deactivated
 * before hand-overs existed) can be deactivated again, to hand it over.
 */
export async function deactivateAgent({
  db,
  clock,
  config,
  actor,
  id,
  handOver,
}: StatusRequest & { handOver: HandOver | undefined }): Promise<AgentStatusReply> {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const before = await lockAgentAccount(tx, id);
    if (before.status === 'inactive') {
      const work = await agentOpenWork(tx, id);
      if (work.tradeIns.length + work.pickups.length + work.collections.length === 0) {
        throw conflict(AGENT_MESSAGES.alreadyInactive);
      }
    }
    const { after, handedOver } = await changeAgentStatus(tx, {
      before,
      status: 'inactive',
      handOver,
      actor,
      config,
      now,
    });
    return { message: deactivatedMessage(handedOver), agent: await agentCard(tx, after), handedOver };
  });
}

/** POST /api/admin/agents/:id/reactivate: the agent signs in again with the same username and password. */
export async function reactivateAgent({ db, clock, config, actor, id }: StatusRequest): Promise<AgentStatusReply> {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const before = await lockAgentAccount(tx, id);
    if (before.status === 'active') throw conflict(AGENT_MESSAGES.alreadyActive);
    const { after } = await changeAgentStatus(tx, {
      before,
      status: 'active',
      handOver: undefined,
      actor,
      config,
      now,
    });
    return { message: AGENT_MESSAGES.reactivated, agent: await agentCard(tx, after), handedOver: [] };
  });
}
