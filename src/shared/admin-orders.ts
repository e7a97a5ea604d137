import { z } from 'zod';
import { pagingQuery } from './paging';
import type { SentEmail } from './admin';
import { optionalText, required } from './text-fields';
import {
  ORDER_STATUSES,
  type Address,
  type OrderHistoryKind,
  type OrderItemView,
  type OrderPaymentStatus,
  type OrderStatus,
  type OrderView,
} from './orders';
import type { AdminRefund } from './payments';

/** The admin's Orders tab (spec 001 'Orders'), paged, filtered and searched on the server. */
export const ORDER_MESSAGES = {
  updated: (status: string) => `Order status updated to ${status}`,
  updateFailed: 'Failed to update order status',
  empty: 'No orders found',
  emptyHint: 'Orders will appear here when customers complete their checkout',
  trackingSaved: 'Tracking details saved',
  /** Revoke links: every link to the order stops opening it (the placing browser's too). */
  linksRevoked: 'Order links revoked',
  loadFailed: 'Failed to load orders',
  /** Spec 001 section 8: the server's refusal is named; a failure with no answer reads as loadFailed. */
  loadFailedWith: (message: string) => `Failed to load orders: ${message}`,
  /** A cancel whose refund the provider refused: the order stays cancelled, the money is still owed. */
  cancelRefundFailed: (orderNumber: string) =>
    `Order ${orderNumber} is cancelled and its stock is back on sale, but the refund did not go through: retry it from the Paystack tab.`,
} as const;

const ADMIN_PAGE_SIZES = [10, 20, 50] as const;
const ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;

/** GET /api/admin/orders query string. */
export const adminOrderQuerySchema = z.object({
  ...pagingQuery({ defaultSize: 20, sizes: ADMIN_PAGE_SIZES }),
  // Empty means every status, as on the other lists; anything else unknown is refused (400).
  status: z.enum(['', ...ORDER_STATUSES], { error: 'Unknown order status' }).optional(),
  q: optionalText('Search', 120),
  sort: z.enum(ORDER_SORTS).default('newest'),
});

export interface AdminOrderRow {
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  items: { name: string; quantity: number }[];
  totalAmount: number;
  currency: string;
  createdAt: string;
  shippingAddress: Address | null;
  courier: string | null;
  trackingNumber: string | null;
  /**
   * Minor units to give back: a payment that arrived after the order's reservation lapsed and
   * found the stock gone (the order stays cancelled or expired). 0 when nothing is owed.
   */
  refundDue: number;
  /**
   * Minor units refunded to the customer so far, or being refunded (the refunds the provider holds or
   * has settled): less than the total on a partly refunded order. 0 when nothing was given back.
   */
  refunded: number;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * POST /api/admin/orders/:orderNumber/cancel. `refund` is null when nothing was paid; a refund the
 * provider refused comes back with status 'failed' (the order is cancelled all the same).
 */
export interface CancelOrderReply {
  message: string;
  order: OrderView;
  refund: AdminRefund | null;
}

/** PUT /api/admin/orders/:orderNumber/tracking, and the courier and number Mark Shipped asks for. */
export const trackingSchema = z.object({
  courier: required('Courier', 80),
  trackingNumber: z
    .string({ error: 'Tracking number is required' })
    .trim()
    .min(1, 'Tracking number is required')
    .max(80, 'Tracking number is at most 80 characters')
    .regex(/^[A-Za-z0-9 -]+$/, 'Use letters, digits, spaces and dashes only'),
});
export type TrackingInput = z.output<typeof trackingSchema>;

/**
 * POST /api/admin/orders/:orderNumber/status: the next status, one forward step. Shipping names the
 * courier and tracking number, which the order keeps and the Shipped email carries.
 */
export const advanceOrderSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('processing') }),
    trackingSchema.extend({ status: z.literal('shipped') }),
    z.object({ status: z.literal('delivered') }),
  ],
  { error: 'Choose processing, shipped or delivered' },
);

/** GET /api/admin/orders/:orderNumber: everything the View Details dialog shows. */
export interface AdminOrderDetails extends AdminOrderRow {
  customerPhone: string;
  billingAddress: Address | null;
  paymentReference: string;
  items: (OrderItemView & { name: string; quantity: number })[];
  payments: {
    reference: string;
    provider: string;
    status: string;
    amount: number;
    currency: string;
    channel: string | null;
    paidAt: string | null;
  }[];
  refunds: { amount: number; status: string; createdAt: string }[];
  /** Each status the order reached, and each tracking change (kind 'tracking'), oldest first. */
  history: { kind: OrderHistoryKind; status: string; note: string | null; actor: string | null; at: string }[];
  emails: SentEmail[];
}
