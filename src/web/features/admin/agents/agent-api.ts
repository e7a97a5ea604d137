import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAgent, AgentDeleteReply } from '../../../../shared/agents';
import { api } from '../../../lib/api';

export const AGENT_KEYS = { all: ['admin', 'agents'] as const };
const agentPath = (id: string) => `/api/admin/agents/${encodeURIComponent(id)}`;

export const useAdminAgents = () =>
  useQuery({ queryKey: AGENT_KEYS.all, queryFn: () => api.get<AdminAgent[]>('/api/admin/agents') });

export const agentActions = {
  create: (body: unknown) => api.post<AdminAgent>('/api/admin/agents', body),
  update: (id: string, body: unknown) => api.patch<AdminAgent>(agentPath(id), body),
  remove: (id: string) => api.delete<AgentDeleteReply>(agentPath(id)),
};

export function useRefreshAgents() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: AGENT_KEYS.all });
}
