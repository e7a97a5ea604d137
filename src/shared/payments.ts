import { z } from 'zod';
import { formatMinor } from './money';
import { STORE_TIME_ZONE } from './dates';
import { plainText } from './text-fields';

export const PAYMENT_PROVIDERS = ['sandbox', 'paystack'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Payment statuses of spec 001 section 4 ('other' covers anything a provider adds). */
export const PAYMENT_STATUSES = ['success', 'pending', 'failed', 'abandoned', 'reversed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The sandbox driver's one succeeding card. */
export const SANDBOX_SUCCESS_CARD = '4084084084084081';

/** POST /api/payments/verify. */
export const verifyPaymentSchema = z.object({
  reference: z.string().trim().min(1, 'Payment reference is required').max(100),
});

/** POST /api/payments/sandbox/charge: the sandbox widget's card form (never stored). */
export const sandboxChargeSchema = z.object({
  reference: z.string().trim().min(1, 'Payment reference is required').max(100),
  cardNumber: z.string().max(40, 'Card number is too long'),
  cvv: z.string().max(4, 'CVV is at most 4 digits'),
  expiry: z.string().max(5, 'Expiry is MM/YY'),
});

export const CARD_EXPIRED_MESSAGE = 'This card has expired: check the expiry date';

let storeMonthFormat: Intl.DateTimeFormat | undefined;
/** Made once, when first asked for: a new Intl.DateTimeFormat costs more than a sandbox charge's statements. */
const storeMonth = () =>
  (storeMonthFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: STORE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  }));

/**
 * True when an MM/YY expiry is before the current month in the store's time zone: a card is good
 * through the last day of its expiry month. An expiry not shaped MM/YY is not judged here.
 */
export function cardExpired(expiry: string, now: Date): boolean {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const parts = storeMonth().formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const current = part('year') * 12 + part('month');
  return (2000 + Number(match[2])) * 12 + Number(match[1]) < current;
}

export const SANDBOX_DECLINED_MESSAGE = 'Card declined: use the sandbox test card 4084 0840 8408 4081';
export const SANDBOX_SCRIPT_PATH = '/payments/sandbox/inline.js';

export interface VerifyPaymentReply {
  orderNumber: string;
  /** The order's payment status after verifying: 'paid' on success. */
  status: string;
}

// --- The admin's Paystack tab (spec 001 sections 2, 4, 5 and 8) ------------------------------------

export const PAYMENT_MESSAGES = {
  loadFailed: 'Failed to load payments',
  invalidRefund: 'Please enter a valid refund amount',
  /** More than is left to refund: says how much is. */
  refundTooMuch: (left: number, currency: string) =>
    left > 0
      ? `The refund can be at most ${formatMinor(left, currency)}, what is left of this payment to refund`
      : 'This payment has nothing left to refund',
  refundProcessed: 'Refund processed successfully',
  refundFailed: 'Failed to process refund',
} as const;

/** One row of GET /api/admin/payments. Amounts in minor units (shown divided by 100). */
export interface AdminPayment {
  reference: string;
  provider: PaymentProvider;
  customerEmail: string;
  customerName: string | null;
  status: string;
  amount: number;
  /** Refunds pending or processed: what is no longer refundable. */
  refundedAmount: number;
  currency: string;
  channel: string | null;
  createdAt: string;
}

/** GET /api/admin/payments/stats: the four stat cards. */
export interface PaymentStats {
  /** Successful payments net of processed refunds, minor units, per currency. */
  totalRevenue: Array<{ currency: string; amount: number }>;
  totalTransactions: number;
  /** Rounded percent of payments that succeeded (0 when there are none). */
  successRate: number;
  uniqueCustomers: number;
}

export interface AdminRefund {
  id: string;
  amount: number;
  status: RefundStatus;
  providerReference: string | null;
  reason: string | null;
  failureMessage: string | null;
  requestedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AdminPaymentEvent {
  id: number;
  event: string;
  createdAt: string;
  payload: Record<string, unknown>;
}

/** GET /api/admin/payments/:reference: View Details. */
export interface AdminPaymentDetails {
  payment: AdminPayment & { paidAt: string | null };
  order: {
    orderNumber: string;
    status: string;
    paymentStatus: string;
    totalAmount: number;
    currency: string;
    customerName: string;
    customerEmail: string;
  } | null;
  refunds: AdminRefund[];
  events: AdminPaymentEvent[];
}

/**
 * POST /api/admin/payments/:reference/refund. The amount is what the admin types, in major units
 * (as the list shows it); at most two decimals. Empty, not a number, zero or more than is left all
 * read 'Please enter a valid refund amount'.
 */
export const refundSchema = z.object({
  amount: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: PAYMENT_MESSAGES.invalidRefund })
      .positive(PAYMENT_MESSAGES.invalidRefund)
      .refine((value) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
        message: PAYMENT_MESSAGES.invalidRefund,
      }),
  ),
  reason: plainText('Reason', 500, { multiline: true }).optional(),
});

export interface RefundReply {
  message: string;
  refund: AdminRefund;
}
