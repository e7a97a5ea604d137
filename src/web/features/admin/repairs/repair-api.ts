import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_REPAIR_FILTERS,
  type AdminRepairDetails,
  type AdminRepairMoveReply,
  type AdminRepairRow,
  type ReassignRepairInput,
  type RescheduleRepairInput,
} from '../../../../shared/admin-repairs';
import type { AdminCancelRepairInput, RepairCancelledReply, RepairSlotsReply } from '../../../../shared/repairs';
import { api } from '../../../lib/api';
import { usePagedList } from '../../../lib/use-paged-list';

/** Every repairs query starts with `all`: the list pages and each booking's details. */
const REPAIR_KEYS = {
  all: ['admin', 'repairs'] as const,
  details: (number: string) => ['admin', 'repairs', 'details', number] as const,
  slots: (date: string) => ['admin', 'repairs', 'slots', date] as const,
};

const REPAIRS_PATH = '/api/admin/repairs';
const repairPath = (number: string) => `${REPAIRS_PATH}/${encodeURIComponent(number)}`;

/** The Repairs tab's list: paged, filtered (status, pickup dates, agent) and searched on the server. */
export const useRepairList = () => usePagedList<AdminRepairRow>(REPAIR_KEYS.all, REPAIRS_PATH, ADMIN_REPAIR_FILTERS);

export const useRepairDetails = (number: string) =>
  useQuery({ queryKey: REPAIR_KEYS.details(number), queryFn: () => api.get<AdminRepairDetails>(repairPath(number)) });

/** The free pickup times of a date, as the booking dialog is offered them; asked again each time (bookings fill them). */
export const useFreeSlots = (date: string) =>
  useQuery({
    queryKey: REPAIR_KEYS.slots(date),
    queryFn: () => api.get<RepairSlotsReply>(`/api/repairs/slots?date=${encodeURIComponent(date)}`),
    enabled: Boolean(date),
    staleTime: 0,
  });

export const repairActions = {
  reassign: (number: string, body: ReassignRepairInput) =>
    api.post<AdminRepairMoveReply>(`${repairPath(number)}/reassign`, body),
  reschedule: (number: string, body: RescheduleRepairInput) =>
    api.post<AdminRepairMoveReply>(`${repairPath(number)}/reschedule`, body),
  cancel: (number: string, body: AdminCancelRepairInput) =>
    api.post<RepairCancelledReply>(`${repairPath(number)}/cancel`, body),
};

/** After a move: every repairs query is stale (list pages, details, free slots). */
export function useRefreshRepairs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: REPAIR_KEYS.all });
}
