import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RepairSlotsReply } from '../../shared/repairs';
import { api } from './api';

const SLOT_KEYS = { all: ['repairs', 'slots'] as const, on: (date: string) => ['repairs', 'slots', date] as const };

/**
 * The pickup times still free on `date` (nothing asked before a date is chosen), as the booking dialog and
 * the admin's Reschedule offer them; asked again each time: bookings fill them.
 */
export const usePickupSlots = (date: string) =>
  useQuery({
    queryKey: SLOT_KEYS.on(date),
    queryFn: () => api.get<RepairSlotsReply>(`/api/repairs/slots?date=${encodeURIComponent(date)}`),
    enabled: Boolean(date),
    staleTime: 0,
  });

/** Every date's free times asked again (a slot filled while the form was open). One function for the component's life. */
export function useRefreshPickupSlots() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: SLOT_KEYS.all }), [client]);
}
