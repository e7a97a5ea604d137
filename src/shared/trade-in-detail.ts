import { z } from 'zod';
import type { AuditEntry } from './admin';
import { imageQuerySchema } from './catalog-query';
import { MAX_SELL_PHOTOS } from './sell-form';
import type { AnySaleStatus } from './trade-in-statuses';
import type { StaffTradeIn } from './trade-ins';

/**
 * One trade-in in full, for the staff allowed to see it (GET /api/admin/trade-ins/:number and, for
 * the agent it is assigned to, GET /api/agent/trade-ins/:number; docs/decisions/044): all the seller
 * entered, how the estimate was reached, the agent's work, the history with who did each step, the
 * audit entries, and for the admin where the payout goes.
 */

/**
 * How the quote table reaches a figure: the brand's like-new figure at its smallest storage, the
 * step up to the seller's storage, the step down to their condition. Null when the seller left the
 * brand, storage or condition open (the estimate is then the table's lowest figure for what they gave).
 */
export interface QuoteBreakdown {
  base: { storage: string; amount: number };
  storageAdjustment: number;
  conditionAdjustment: number;
  /** base + both adjustments: the table's figure today, which an admin may have changed since the estimate. */
  total: number;
}

export interface TradeInHistoryStep {
  status: string;
  date: string;
  description: string;
  /** Who made the step: a staff member's name, 'Seller (Name)', or 'Seller' for a guest. */
  by: string;
}

/** Where an accepted offer is paid; the number shown by its last four until the admin reveals it (audited). */
export interface PayoutAccountView {
  accountHolder: string;
  bankName: string;
  branchCode: string;
  accountEnding: string;
  payoutReference: string | null;
  paidAt: string | null;
  paidBy: string | null;
}

export interface TradeInDetail extends StaffTradeIn {
  accessories: string | null;
  description: string | null;
  declineReason: string | null;
  quote: { estimatedValue: number; breakdown: QuoteBreakdown | null };
  statusHistory: TradeInHistoryStep[];
  /** Oldest first. The agent's copy names the action, who and when only (no values, no addresses). */
  audit: AuditEntry[];
  /** The admin's copy only; null when no account is on record (or for the agent). */
  payout: PayoutAccountView | null;
}

/** POST /api/admin/trade-ins/:number/payout-account/reveal: the whole account number, written to the audit log. */
export interface RevealedPayoutAccount {
  accountNumber: string;
}

/**
 * A trade-in's photos are private (decision 044): served to the staff who may see the trade-in, by its
 * number and the photo's place, never under the public /images/ address.
 */
export const tradeInPhotoPath = (role: 'admin' | 'agent', number: string, position: number) =>
  `/api/${role}/trade-ins/${encodeURIComponent(number)}/photos/${position}`;

export const tradeInPhotoQuerySchema = imageQuerySchema;
export const tradeInPhotoParamsSchema = z.object({
  number: z.string().max(40),
  position: z.coerce
    .number({ error: 'Choose a photo by its place' })
    .int('Choose a photo by its place')
    .min(0, 'Choose a photo by its place')
    .max(MAX_SELL_PHOTOS - 1, 'Choose a photo by its place'),
});

/** The statuses in which the admin may reveal the whole account number: only while the payment waits. */
export const REVEAL_STATUSES = ['Awaiting Payment'] as const satisfies readonly AnySaleStatus[];

export const PAYOUT_MESSAGES = {
  revealRefusal: (status: string) =>
    `This trade-in is ${status}; the payout account is shown in full only while Awaiting Payment`,
  noAccount: 'No payout account is on record for this trade-in',
} as const;
