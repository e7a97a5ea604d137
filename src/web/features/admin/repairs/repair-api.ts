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
import { adminRecords } from '../components/record-api';

const repairs = adminRecords('repairs');

/** The Repairs tab's list: paged, filtered (status, pickup dates, agent) and searched on the server. */
export const useRepairList = () => usePagedList<AdminRepairRow>(repairs.all, repairs.listPath, ADMIN_REPAIR_FILTERS);

export const useRepairDetails = (number: string) => repairs.useDetails<AdminRepairDetails>(number);

export const repairActions = {
  reassign: (number: string, body: ReassignRepairInput) =>
    api.post<AdminRepairMoveReply>(`${repairs.recordPath(number)}/reassign`, body),
  reschedule: (number: string, body: RescheduleRepairInput) =>
    api.post<AdminRepairMoveReply>(`${repairs.recordPath(number)}/reschedule`, body),
  cancel: (number: string, body: AdminCancelRepairInput) =>
    api.post<RepairCancelledReply>(`${repairs.recordPath(number)}/cancel`, body),
};

/** After a move: every repairs query is stale (list pages, details), and the free pickup times. */
export function useRefreshRepairs() {
  const refreshRepairs = repairs.useRefresh();
  const refreshSlots = useRefreshPickupSlots();
  return () => Promise.all([refreshRepairs(), refreshSlots()]);
}
