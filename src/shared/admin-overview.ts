import type { ReturnsOverview } from './returns';
import type { BackupStatus } from './backups';

/** GET /api/admin/overview: the Overview tab's figures (definitions in docs/decisions/027). */
export interface AdminOverview {
  /** Customer accounts and guests who paid for an order, each person once by email (docs/decisions/102). */
  totalCustomers: number;
  activeAgents: number;
  /** Trade-ins ("transactions" in spec 001). */
  totalTransactions: number;
  /** Money received for orders, less money refunded. */
  totalRevenue: number;
  /** The spec's own "Total Revenue": the sum of the amounts offered on trade-ins. */
  offeredTotal: number;
  recentTransactions: {
    transactionNumber: string;
    customerName: string;
    deviceInfo: string;
    amount: number;
    status: string;
  }[];
  /** The last 30 days in Cape Town time, oldest first, every day present. */
  daily: { date: string; revenue: number; orders: number }[];
  /** Returns and warranty claims: open ones, the oldest's age, units written off. */
  returns: ReturnsOverview;
  /** The store's backups: the line above the cards ('Last backup 3 h ago') and its warning (docs/decisions/075). */
  backups: BackupStatus;
  /** The server's time when it answered, so 'h ago' is counted from the server's clock, not the browser's. */
  now: string;
}

export const RECENT_TRANSACTIONS = 5;
export const OVERVIEW_DAYS = 30;
