export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What happened to an order's money, apart from its fulfilment status. */
export const ORDER_PAYMENT_STATUSES = ['awaiting_payment', 'paid', 'cancelled', 'expired', 'refunded'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/** The admin's forward-only steps (spec 001 'Order status'). */
export const ORDER_ADVANCE: Partial<Record<OrderStatus, { next: OrderStatus; label: string }>> = {
  pending: { next: 'processing', label: 'Mark Processing' },
  processing: { next: 'shipped', label: 'Mark Shipped' },
  shipped: { next: 'delivered', label: 'Mark Delivered' },
};

/** ORD-{year}-{six digits}, spec 000 section 9. */
export const ORDER_NUMBER_PATTERN = /^ORD-\d{4}-\d{6}$/;
