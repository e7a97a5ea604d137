export const PAYMENT_PROVIDERS = ['sandbox', 'paystack'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Payment statuses of spec 001 section 4 ('other' covers anything a provider adds). */
export const PAYMENT_STATUSES = ['success', 'pending', 'failed', 'abandoned', 'reversed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The sandbox driver's one succeeding card. */
export const SANDBOX_SUCCESS_CARD = '4084084084084081';
