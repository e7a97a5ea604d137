import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPayment, AdminPaymentDetails, PaymentStats, RefundReply } from '../../../../shared/payments';
import { api } from '../../../lib/api';
import { usePagedList } from '../../../lib/use-paged-list';

/** The Paystack tab's list pages and each payment's details sit under `all`; the four stat cards beside them. */
const PAYMENT_KEYS = {
  all: ['admin', 'payments'] as const,
  stats: ['admin', 'payment-stats'] as const,
  details: (reference: string) => ['admin', 'payments', 'details', reference] as const,
};

const paymentPath = (reference: string) => `/api/admin/payments/${encodeURIComponent(reference)}`;

/** Every payment, paged, searched and filtered by status on the server. */
export const usePaymentList = () => usePagedList<AdminPayment>(PAYMENT_KEYS.all, '/api/admin/payments');

export const usePaymentStats = () =>
  useQuery({ queryKey: PAYMENT_KEYS.stats, queryFn: () => api.get<PaymentStats>('/api/admin/payments/stats') });

/** View Details: the payment, its order, its refunds and the provider's events. */
export const usePayment = (reference: string) =>
  useQuery({
    queryKey: PAYMENT_KEYS.details(reference),
    queryFn: () => api.get<AdminPaymentDetails>(paymentPath(reference)),
  });

/** Refunds `amount` (in the payment's currency) through the provider. */
export const refundPayment = (reference: string, amount: number) =>
  api.post<RefundReply>(`${paymentPath(reference)}/refund`, { amount });

/** After a refund, or a refusal (the screen was out of date): the list pages, and with `stats` the cards too. */
export function useRefreshPayments() {
  const client = useQueryClient();
  return ({ stats }: { stats: boolean }) => {
    void client.invalidateQueries({ queryKey: PAYMENT_KEYS.all });
    if (stats) void client.invalidateQueries({ queryKey: PAYMENT_KEYS.stats });
  };
}
