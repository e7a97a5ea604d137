import type { AgentCollection, inspectReturnSchema, ReturnMoveReply } from '../../../shared/returns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AgentSummary } from '../../../shared/agents';
import type { AgentRepairPickup, RepairAgentMove } from '../../../shared/repairs';
import type { TradeInDetail } from '../../../shared/trade-in-detail';
import type { AgentTradeIn, makeOfferSchema } from '../../../shared/trade-ins';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { usePagedList } from '../../lib/use-paged-list';

/**
 * The agent dashboard's calls. Every query sits under ['agent', agentId], so one agent never sees
 * another's cached work on a shared browser, and one invalidation refetches the whole dashboard.
 */
const agentKey = (agentId: string) => ['agent', agentId] as const;

type MoveReply = { message: string; tradeIn: AgentTradeIn };
type OfferInput = z.output<typeof makeOfferSchema>;
const tradeInPath = (number: string, action: string) => `/api/agent/trade-ins/${encodeURIComponent(number)}/${action}`;

export const agentActions = {
  assess: (number: string) => api.post<MoveReply>(tradeInPath(number, 'assess')),
  offer: (number: string, input: OfferInput) => api.post<MoveReply>(tradeInPath(number, 'offer'), input),
  /** A new amount and notes before the seller answers: the seller is emailed a new link. */
  reviseOffer: (number: string, input: OfferInput) => api.post<MoveReply>(tradeInPath(number, 'revise-offer'), input),
  movePickup: (bookingNumber: string, status: RepairAgentMove) =>
    api.post<AgentRepairPickup>(`/api/agent/repairs/${encodeURIComponent(bookingNumber)}/status`, { status }),
  collect: (returnNumber: string) =>
    api.post<ReturnMoveReply>(`/api/agent/returns/${encodeURIComponent(returnNumber)}/collect`),
  inspect: (returnNumber: string, input: z.input<typeof inspectReturnSchema>) =>
    api.post<ReturnMoveReply>(`/api/agent/returns/${encodeURIComponent(returnNumber)}/inspect`, input),
};

/** The agent's return collections: to collect, to inspect, and those done. */
export function useAgentCollections(agentId: string) {
  return useQuery({
    queryKey: [...agentKey(agentId), 'collections'],
    queryFn: () => api.get<AgentCollection[]>('/api/agent/returns'),
  });
}

/** The four summary cards, counted by the server. */
export function useAgentSummary(agentId: string) {
  return useQuery({
    queryKey: [...agentKey(agentId), 'summary'],
    queryFn: () => api.get<AgentSummary>('/api/agent/summary'),
  });
}

/** 'Assigned Assessments': paged and filtered by status on the server, both kept in the URL. */
export function useAssignedTradeIns(agentId: string) {
  return usePagedList<AgentTradeIn>([...agentKey(agentId), 'trade-ins'], '/api/agent/trade-ins', ['status']);
}

/** One of the agent's trade-ins in full (the server answers 404 for anyone else's). */
export function useAgentTradeInDetail(agentId: string, number: string) {
  return useQuery({
    queryKey: [...agentKey(agentId), 'trade-in', number],
    queryFn: () => api.get<TradeInDetail>(`/api/agent/trade-ins/${encodeURIComponent(number)}`),
  });
}

/** The agent's repair pickups, by date and slot. */
export function useAgentPickups(agentId: string) {
  return useQuery({
    queryKey: [...agentKey(agentId), 'pickups'],
    queryFn: async () => (await api.get<{ pickups: AgentRepairPickup[] }>('/api/agent/repairs')).pickups,
  });
}

/** After any move, or a dialog closed: the cards, the list and the pickups all refetch. */
export function useRefreshAgentWork(agentId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: agentKey(agentId) });
}

/**
 * One button's move: the reply's message as a toast, a refusal's reason (409: someone got there
 * first) as an error toast, and the dashboard refetched either way, since a refusal means the screen
 * was out of date.
 */
export function useAgentMove<Input>(agentId: string, send: (input: Input) => Promise<string>) {
  const refresh = useRefreshAgentWork(agentId);
  return useMutation({
    mutationFn: send,
    onSuccess: (message) => toast.success(message),
    onError: (error) =>
      toast.error(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'),
    onSettled: () => refresh(),
  });
}
