import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveAgent, AdminAgent, AgentDeleteReply } from '../../../../shared/agents';
import { api } from '../../../lib/api';
import { usePagedList } from '../../../lib/use-paged-list';

/** The Agents tab's pages live under ['admin', 'agents', {page...}] (usePagedList); the Assign list beside them. */
const AGENT_KEYS = { all: ['admin', 'agents'] as const, active: ['admin', 'agents', 'active'] as const };
const agentPath = (id: string) => `/api/admin/agents/${encodeURIComponent(id)}`;

/** The Agents tab's cards: paged, searched and filtered by status on the server. */
export const useAgentList = () => usePagedList<AdminAgent>(AGENT_KEYS.all, '/api/admin/agents');

/** Every active agent, by name: what the Assign dialog offers, whatever page the Agents tab shows. */
export const useActiveAgents = () =>
  useQuery({
    queryKey: AGENT_KEYS.active,
    queryFn: () => api.get<{ items: ActiveAgent[] }>('/api/admin/agents/active'),
  });

export const agentActions = {
  create: (body: unknown) => api.post<AdminAgent>('/api/admin/agents', body),
  update: (id: string, body: unknown) => api.patch<AdminAgent>(agentPath(id), body),
  remove: (id: string) => api.delete<AgentDeleteReply>(agentPath(id)),
  resetMfa: (id: string) => api.post<{ message: string }>(`${agentPath(id)}/reset-mfa`),
};

export function useRefreshAgents() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: AGENT_KEYS.all });
}
