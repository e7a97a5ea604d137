import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_REPAIR_FILTERS,
  type AdminRepairDetails,
  type AdminRepairMoveReply,
  type AdminRepairRow,
  type ReassignRepairInput,
  type RescheduleRepairInput,
} from '../../../../shared/admin-repairs';
import type { AdminCancelRepairInput, RepairCancelledReply } from '../../../../shared/repairs';
import { api } from '../../../lib/api';
import { useRefreshPickupSlots } from '../../../lib/pickup-slots';
import { usePagedList } from '../../../lib/use-paged-list';

/** Every repairs query starts with `all`: the list pages and each booking's details. */
const REPAIR_KEYS = {
  all: ['admin', 'repairs'] as const,
  details: (number: string) => ['admin', 'repairs', 'details', number] as const,
};

const REPAIRS_PATH = '/api/admin/repairs';
const repairPath = (number: string) => `${REPAIRS_PATH}/${encodeURIComponent(number)}`;

/** The Repairs tab's list: paged, filtered (status, pickup dates, agent) and searched on the server. */
export const useRepairList = () => usePagedList<AdminRepairRow>(REPAIR_KEYS.all, REPAIRS_PATH, ADMIN_REPAIR_FILTERS);

export const useRepairDetails = (number: string) =>
  useQuery({ queryKey: REPAIR_KEYS.details(number), queryFn: () => api.get<AdminRepairDetails>(repairPath(number)) });

export const repairActions = {
  reassign: (number: string, body: ReassignRepairInput) =>
    api.post<AdminRepairMoveReply>(`${repairPath(number)}/reassign`, body),
  reschedule: (number: string, body: RescheduleRepairInput) =>
    api.post<AdminRepairMoveReply>(`${repairPath(number)}/reschedule`, body),
  cancel: (number: string, body: AdminCancelRepairInput) =>
    api.post<RepairCancelledReply>(`${repairPath(number)}/cancel`, body),
};

/** After a move: every repairs query is stale (list pages, details), and the free pickup times. */
export function useRefreshRepairs() {
  const client = useQueryClient();
  const refreshSlots = useRefreshPickupSlots();
  return () => Promise.all([client.invalidateQueries({ queryKey: REPAIR_KEYS.all }), refreshSlots()]);
}
