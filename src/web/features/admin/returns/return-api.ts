import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ADMIN_RETURN_FILTERS,
  type AdminReturnList,
  type AdminReturnDetail,
  type AdminReturnRow,
  type declineReturnSchema,
  type repairReturnSchema,
  type ReturnMoveReply,
  type scheduleCollectionSchema,
} from '../../../../shared/returns';
import type { RepairSlotsReply } from '../../../../shared/repairs';
import { api } from '../../../lib/api';
import { usePagedList } from '../../../lib/use-paged-list';

/** Every returns query starts with `all`: the list pages and each request's details. */
const RETURN_KEYS = {
  all: ['admin', 'returns'] as const,
  details: (number: string) => ['admin', 'returns', 'details', number] as const,
  slots: (date: string) => ['admin', 'returns', 'slots', date] as const,
};

const RETURNS_PATH = '/api/admin/returns';
const returnPath = (number: string) => `${RETURNS_PATH}/${encodeURIComponent(number)}`;

/** The Returns tab's list: paged, filtered (status, kind, dates opened) and searched on the server. */
export const useReturnList = () =>
  usePagedList<AdminReturnRow, AdminReturnList>(RETURN_KEYS.all, RETURNS_PATH, ADMIN_RETURN_FILTERS);

export const useReturnDetails = (number: string) =>
  useQuery({ queryKey: RETURN_KEYS.details(number), queryFn: () => api.get<AdminReturnDetail>(returnPath(number)) });

export const useCollectionSlots = (date: string) =>
  useQuery({
    queryKey: RETURN_KEYS.slots(date),
    queryFn: () => api.get<RepairSlotsReply>(`/api/repairs/slots?date=${encodeURIComponent(date)}`),
    enabled: Boolean(date),
    staleTime: 0,
  });

const move = (number: string, name: string, body: unknown = {}) =>
  api.post<ReturnMoveReply>(`${returnPath(number)}/${name}`, body);

export const returnActions = {
  approve: (number: string) => move(number, 'approve'),
  decline: (number: string, body: z.input<typeof declineReturnSchema>) => move(number, 'decline', body),
  schedule: (number: string, body: z.input<typeof scheduleCollectionSchema>) => move(number, 'schedule', body),
  refund: (number: string) => move(number, 'refund'),
  repair: (number: string, body: z.input<typeof repairReturnSchema>) => move(number, 'repair', body),
  replace: (number: string) => move(number, 'replace'),
  sendBack: (number: string) => move(number, 'send-back'),
};

/** After a move: every returns query is stale (list pages, details, slots). */
export function useRefreshReturns() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: RETURN_KEYS.all });
}
