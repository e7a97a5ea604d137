import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountOrder, AddressReply, PaymentDetailsReply } from '../../../shared/accounts';
import type { CustomerRepairSummary, RepairCancelledReply } from '../../../shared/repairs';
import { api } from '../../lib/api';

export const ACCOUNT_KEYS = {
  payment: ['account', 'payment-details'] as const,
  orders: ['account', 'orders'] as const,
  address: ['account', 'address'] as const,
  repairs: ['account', 'repairs'] as const,
};

export const usePaymentDetails = () =>
  useQuery({
    queryKey: ACCOUNT_KEYS.payment,
    queryFn: () => api.get<PaymentDetailsReply>('/api/account/payment-details'),
  });

export const useAccountOrders = () =>
  useQuery({
    queryKey: ACCOUNT_KEYS.orders,
    queryFn: async () => (await api.get<{ orders: AccountOrder[] }>('/api/account/orders')).orders,
  });

export const useAccountRepairs = () =>
  useQuery({
    queryKey: ACCOUNT_KEYS.repairs,
    queryFn: async () => (await api.get<{ repairs: CustomerRepairSummary[] }>('/api/account/repairs')).repairs,
  });

/** The signed-in owner cancels a booking not yet picked up (their session is the proof). */
export function useCancelRepair() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bookingNumber: string) =>
      api.post<RepairCancelledReply>(`/api/repairs/${encodeURIComponent(bookingNumber)}/cancel`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: ACCOUNT_KEYS.repairs }),
  });
}

export const useAddress = () =>
  useQuery({ queryKey: ACCOUNT_KEYS.address, queryFn: () => api.get<AddressReply>('/api/account/address') });
