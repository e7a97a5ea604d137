import type { FastifyInstance } from 'fastify';
import { adminListQuerySchema } from '../../../shared/admin';
import { agentCreateSchema, agentDeactivateSchema, agentUpdateSchema } from '../../../shared/agents';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { sessionUser } from '../../lib/session-user';
import { findAgentAccount, listActiveAgents } from '../accounts';
import {
  createAgent,
  deleteAgent,
  getAgentSummary,
  listAgents,
  resetAgentSecondFactor,
  updateAgent,
} from './agent-management';
import { deactivateAgent, reactivateAgent } from './status';
import { agentOpenWork } from './work';

const ADMIN = { config: { access: ['admin'] } } as const;
const FORM = { form: true } as const;
type ById = { Params: { id: string } };

/** The admin's Agents tab, and the agent's own dashboard cards (its lists live with trade-ins and repairs). */
export function registerAgentRoutes(app: FastifyInstance, { db, clock, config }: AppContext) {
  app.get('/api/admin/agents', ADMIN, async (request) =>
    listAgents({ db, query: parseInput(adminListQuerySchema, request.query) }),
  );

  app.get('/api/admin/agents/active', ADMIN, async () => listActiveAgents({ db }));

  app.post('/api/admin/agents', ADMIN, async (request, reply) => {
    const input = parseInput(agentCreateSchema, request.body, FORM);
    return reply.status(201).send(await createAgent({ db, clock, config, actor: sessionUser(request), input }));
  });

  app.patch<ById>('/api/admin/agents/:id', ADMIN, async (request) => {
    const input = parseInput(agentUpdateSchema, request.body, FORM);
    return updateAgent({ db, clock, config, actor: sessionUser(request), id: request.params.id, input });
  });

  // What deactivating the agent hands over, for the Deactivate dialog and the Edit dialog's status.
  app.get<ById>('/api/admin/agents/:id/open-work', ADMIN, async (request) => {
    const agent = await findAgentAccount(db, request.params.id);
    return agentOpenWork(db, agent.id);
  });

  app.post<ById>('/api/admin/agents/:id/deactivate', ADMIN, async (request) => {
    const { handOver } = parseInput(agentDeactivateSchema, request.body ?? {}, FORM);
    return deactivateAgent({ db, clock, config, actor: sessionUser(request), id: request.params.id, handOver });
  });

  app.post<ById>('/api/admin/agents/:id/reactivate', ADMIN, async (request) =>
    reactivateAgent({ db, clock, config, actor: sessionUser(request), id: request.params.id }),
  );

  app.delete<ById>('/api/admin/agents/:id', ADMIN, async (request) =>
    deleteAgent({ db, clock, actor: sessionUser(request), id: request.params.id }),
  );

  app.post<ById>('/api/admin/agents/:id/reset-mfa', ADMIN, async (request) =>
    resetAgentSecondFactor({ db, clock, actor: sessionUser(request), id: request.params.id }),
  );

  app.get('/api/agent/summary', { config: { access: ['agent'] } }, async (request) =>
    getAgentSummary({ db, agentId: sessionUser(request).id }),
  );
}
