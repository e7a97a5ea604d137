import { useQuery } from '@tanstack/react-query';
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
import { adminRecords } from '../components/record-api';

const returns = adminRecords('returns');

/** The Returns tab's list: paged, filtered (status, kind, dates opened) and searched on the server. */
export const useReturnList = () =>
  usePagedList<AdminReturnRow, AdminReturnList>(returns.all, returns.listPath, ADMIN_RETURN_FILTERS);

export const useReturnDetails = (number: string) => returns.useDetails<AdminReturnDetail>(number);

export const useCollectionSlots = (date: string) =>
  useQuery({
    queryKey: returns.key('slots', date),
    queryFn: () => api.get<RepairSlotsReply>(`/api/repairs/slots?date=${encodeURIComponent(date)}`),
    enabled: Boolean(date),
    staleTime: 0,
  });

const move = (number: string, name: string, body: unknown = {}) =>
  api.post<ReturnMoveReply>(`${returns.recordPath(number)}/${name}`, body);

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
export const useRefreshReturns = () => returns.useRefresh();
