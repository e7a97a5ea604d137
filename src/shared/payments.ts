import { z } from 'zod';

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

export const SANDBOX_DECLINED_MESSAGE = 'Card declined: use the sandbox test card 4084 0840 8408 4081';
export const SANDBOX_SCRIPT_PATH = '/payments/sandbox/inline.js';

export interface VerifyPaymentReply {
  orderNumber: string;
  /** The order's payment status after verifying: 'paid' on success. */
  status: string;
}

export interface SandboxChargeReply {
  status: 'success' | 'failed';
  reference: string;
  message: string;
}
