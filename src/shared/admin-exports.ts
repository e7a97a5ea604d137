import type { AnySaleStatus } from './trade-in-statuses';

/**
 * The admin's CSV exports (docs/decisions/049): each list's Export CSV downloads every row of the list
 * as filtered now, from the path beside the list's own, with the same ?q=&status= the list takes.
 */
export const ADMIN_EXPORT_PATHS = {
  orders: '/api/admin/orders/export.csv',
  tradeIns: '/api/admin/trade-ins/export.csv',
  payments: '/api/admin/payments/export.csv',
} as const;

/**
 * Payouts due: trade-ins whose seller accepted the offer and waits to be paid. The Transactions tab's
 * status filter offers it by this name; its export carries the seller's payout account on these rows only.
 */
export const PAYOUTS_DUE_STATUS = 'Awaiting Payment' satisfies AnySaleStatus;
export const PAYOUTS_DUE_LABEL = 'Payouts due (Awaiting Payment)';
