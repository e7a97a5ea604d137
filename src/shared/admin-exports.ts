import type { AnySaleStatus } from './trade-in-statuses';

/**
 * The admin's exports (docs/decisions/049, 070): each list downloads every row of the list as filtered
 * now, from a path beside the list's own with the same ?q=&status= (and the list's other filters), in
 * two forms: `<path>.csv` for tools that read text, `<path>.xlsx` for a person in a spreadsheet, whose
 * text cells (account numbers, branch codes, phones) open exactly as they were given.
 */
export const ADMIN_EXPORT_PATHS = {
  orders: '/api/admin/orders/export',
  tradeIns: '/api/admin/trade-ins/export',
  payments: '/api/admin/payments/export',
  repairs: '/api/admin/repairs/export',
  returns: '/api/admin/returns/export',
  reports: '/api/admin/reports/export',
} as const;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One export's file: `/api/admin/orders/export` as `csv` is `/api/admin/orders/export.csv`. */
export const exportFileUrl = (path: string, format: ExportFormat) => `${path}.${format}`;

/**
 * Payouts due: trade-ins whose seller accepted the offer and waits to be paid. The Transactions tab's
 * status filter offers it by this name; its export carries the seller's payout account on these rows only.
 */
export const PAYOUTS_DUE_STATUS = 'Awaiting Payment' satisfies AnySaleStatus;
export const PAYOUTS_DUE_LABEL = 'Payouts due (Awaiting Payment)';
