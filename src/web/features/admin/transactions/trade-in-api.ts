import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnySaleStatus } from '../../../../shared/trade-ins';
import { api } from '../../../lib/api';

/**
 * The admin's trade-in routes (built beside this tab in issue 15): the list is paged, filtered and
 * searched on the server; each move answers { message, tradeIn }. The row type is the part of the
 * server's StaffTradeIn this tab reads.
 */
export interface TradeInRow {
  transactionNumber: string;
  customerName: string;
  customerEmail: string;
  deviceInfo: string;
  status: AnySaleStatus;
  estimatedValue: number;
  offeredAmount: number | null;
  submittedDate: string;
  agentId: string | null;
  agentName: string | null;
}

export interface TradeInQuery {
  page: number;
  pageSize: number;
  status?: AnySaleStatus;
  q: string;
}

const base = '/api/admin/trade-ins';
const path = (number: string, action: string) => `${base}/${encodeURIComponent(number)}/${action}`;
type MoveReply = { message: string };

export function useAdminTradeIns(query: TradeInQuery) {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.status) params.set('status', query.status);
  if (query.q) params.set('q', query.q);
  return useQuery({
    queryKey: ['admin', 'trade-ins', query],
    queryFn: () => api.get<{ items: TradeInRow[]; total: number }>(`${base}?${params}`),
    placeholderData: keepPreviousData,
  });
}

export const tradeInActions = {
  confirm: (number: string) => api.post<MoveReply>(path(number, 'confirm')),
  assign: (number: string, agentId: string) => api.post<MoveReply>(path(number, 'assign'), { agentId }),
  markPaid: (number: string, payoutReference: string) =>
    api.post<MoveReply>(path(number, 'mark-paid'), { payoutReference }),
};

export function useRefreshTradeIns() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['admin', 'trade-ins'] });
}
