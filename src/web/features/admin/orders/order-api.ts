import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetails, AdminOrderRow, CancelOrderReply } from '../../../../shared/admin-orders';
import type { RefundReply } from '../../../../shared/payments';
import { api } from '../../../lib/api';
import { usePagedList } from '../../../lib/use-paged-list';

/** Every orders query starts with `all`: the list pages (usePagedList) and each order's details. */
const ORDER_KEYS = {
  all: ['admin', 'orders'] as const,
  details: (orderNumber: string) => ['admin', 'orders', 'details', orderNumber] as const,
};

const orderPath = (orderNumber: string) => `/api/admin/orders/${encodeURIComponent(orderNumber)}`;

/** The Orders tab's list: paged, filtered and searched on the server. */
export const useOrderList = () => usePagedList<AdminOrderRow>(ORDER_KEYS.all, '/api/admin/orders');

export const useOrderDetails = (orderNumber: string) =>
  useQuery({
    queryKey: ORDER_KEYS.details(orderNumber),
    queryFn: () => api.get<AdminOrderDetails>(orderPath(orderNumber)),
  });

export const orderActions = {
  advance: (orderNumber: string, status: string) =>
    api.post<AdminOrderRow>(`${orderPath(orderNumber)}/status`, { status }),
  tracking: (orderNumber: string, body: unknown) => api.put<AdminOrderRow>(`${orderPath(orderNumber)}/tracking`, body),
  /** Returns the stock and refunds a paid order. */
  cancel: (orderNumber: string) => api.post<CancelOrderReply>(`${orderPath(orderNumber)}/cancel`, {}),
  /** Every link to the order stops opening it, the placing browser's token too. */
  revokeLinks: (orderNumber: string) => api.post<{ message: string }>(`${orderPath(orderNumber)}/revoke-links`, {}),
  /** Refunds the money of a payment that came after the order closed (the card's 'Needs refund'). */
  refundDue: (orderNumber: string) => api.post<RefundReply>(`${orderPath(orderNumber)}/refund-due`, {}),
};

/** After a change: every orders query is stale (list pages, counts, details). */
export function useRefreshOrders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ORDER_KEYS.all });
}
