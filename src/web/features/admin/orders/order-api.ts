import type { z } from 'zod';
import type {
  AdminOrderDetails,
  AdminOrderRow,
  advanceOrderSchema,
  CancelOrderReply,
} from '../../../../shared/admin-orders';
import type { RefundReply } from '../../../../shared/payments';
import { api } from '../../../lib/api';
import { usePagedList } from '../../../lib/use-paged-list';
import { adminRecords } from '../components/record-api';

const orders = adminRecords('orders');

/** The Orders tab's list: paged, filtered and searched on the server. */
export const useOrderList = () => usePagedList<AdminOrderRow>(orders.all, orders.listPath);

export const useOrderDetails = (orderNumber: string) => orders.useDetails<AdminOrderDetails>(orderNumber);

export const orderActions = {
  /** One forward step; shipping names the courier and tracking number. */
  advance: (orderNumber: string, step: z.input<typeof advanceOrderSchema>) =>
    api.post<AdminOrderRow>(`${orders.recordPath(orderNumber)}/status`, step),
  tracking: (orderNumber: string, body: unknown) =>
    api.put<AdminOrderRow>(`${orders.recordPath(orderNumber)}/tracking`, body),
  /** Returns the stock and refunds a paid order. */
  cancel: (orderNumber: string) => api.post<CancelOrderReply>(`${orders.recordPath(orderNumber)}/cancel`, {}),
  /** Every link to the order stops opening it, the placing browser's token too. */
  revokeLinks: (orderNumber: string) =>
    api.post<{ message: string }>(`${orders.recordPath(orderNumber)}/revoke-links`, {}),
  /** Refunds the money of a payment that came after the order closed (the card's 'Needs refund'). */
  refundDue: (orderNumber: string) => api.post<RefundReply>(`${orders.recordPath(orderNumber)}/refund-due`, {}),
};

/** After a change: every orders query is stale (list pages, counts, details). */
export const useRefreshOrders = () => orders.useRefresh();
