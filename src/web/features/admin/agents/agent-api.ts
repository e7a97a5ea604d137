import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActiveAgent,
  AdminAgent,
  AgentDeleteReply,
  AgentOpenWork,
  AgentStatusReply,
} from '../../../../shared/agents';
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

/** What deactivating the agent would hand over; asked each time a dialog opens, never cached (work moves). */
export const useOpenWork = (id: string, enabled = true) =>
  useQuery({
    queryKey: [...AGENT_KEYS.all, id, 'open-work'],
    queryFn: () => api.get<AgentOpenWork>(`${agentPath(id)}/open-work`),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

export const agentActions = {
  create: (body: unknown) => api.post<AdminAgent>('/api/admin/agents', body),
  update: (id: string, body: unknown) => api.patch<AdminAgent>(agentPath(id), body),
  remove: (id: string) => api.delete<AgentDeleteReply>(agentPath(id)),
  resetMfa: (id: string) => api.post<{ message: string }>(`${agentPath(id)}/reset-mfa`),
  deactivate: (id: string, body: unknown) => api.post<AgentStatusReply>(`${agentPath(id)}/deactivate`, body),
  reactivate: (id: string) => api.post<AgentStatusReply>(`${agentPath(id)}/reactivate`),
};

export function useRefreshAgents() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: AGENT_KEYS.all });
}
