import { z } from 'zod';
import { plainText } from './text-fields';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What happened to an order's money, apart from its fulfilment status. */
export const ORDER_PAYMENT_STATUSES = ['awaiting_payment', 'paid', 'cancelled', 'expired', 'refunded'] as const;
/**
 * Orders closed before their money came. A payment that still arrives finds them so when the stock
 * was sold meanwhile: the money is recorded and owed back (the admin's 'Needs refund').
 */
export const CLOSED_UNPAID_STATUSES: readonly string[] = ['cancelled', 'expired'];
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/** An order's history entry: a status it reached, or a change of its courier and tracking number. */
export const ORDER_HISTORY_KINDS = ['status', 'tracking'] as const;
export type OrderHistoryKind = (typeof ORDER_HISTORY_KINDS)[number];

/** ORD-{year}-{six digits}, spec 000 section 9. */
export const ORDER_NUMBER_PATTERN = /^ORD-\d{4}-\d{6}$/;

// ---- Checkout (spec 000 sections 3 and 5; the flow: docs/architecture.md) ----

const CHECKOUT_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  shippingAddress: 'Please provide complete shipping address',
  billingAddress: 'Please provide complete billing address',
} as const;

export const DEFAULT_COUNTRY = 'South Africa';
/** The most of one device a single order may take (a guard against typos, not a business rule). */
const MAX_LINE_QUANTITY = 99;
const MAX_ORDER_LINES = 50;

const text = (max: number) => plainText('This field', max, { tooLong: `At most ${max} characters` });

const addressSchema = z.object({
  street: text(200).default(''),
  city: text(100).default(''),
  state: text(100).default(''),
  zipCode: text(20).default(''),
  country: text(100)
    .default(DEFAULT_COUNTRY)
    .transform((v) => v || DEFAULT_COUNTRY),
});
export type Address = z.output<typeof addressSchema>;

/** Street and city make an address complete (spec 000 section 5): the issues under them, with `message`. */
function requireStreetAndCity(address: Address | undefined, message: string, ctx: z.RefinementCtx, at: string[] = []) {
  if (!address?.street) ctx.addIssue({ code: 'custom', path: [...at, 'street'], message });
  if (!address?.city) ctx.addIssue({ code: 'custom', path: [...at, 'city'], message });
}

const shippingAddressSchema = addressSchema.superRefine((address, ctx) =>
  requireStreetAndCity(address, CHECKOUT_MESSAGES.shippingAddress, ctx),
);

const checkoutCustomerSchema = z
  .object({
    firstName: text(100).min(1, CHECKOUT_MESSAGES.requiredFields),
    lastName: text(100).min(1, CHECKOUT_MESSAGES.requiredFields),
    email: z
      .string()
      .trim()
      .min(1, CHECKOUT_MESSAGES.requiredFields)
      .max(254, 'At most 254 characters')
      .pipe(z.email('Enter a valid email address')),
    phone: text(30).default(''),
    shippingAddress: shippingAddressSchema,
    billingAddress: addressSchema.optional(),
    sameAsShipping: z.boolean().default(true),
  })
  // A billing address of its own, when not the shipping one, is as complete as a shipping address.
  .superRefine((customer, ctx) => {
    if (!customer.sameAsShipping) {
      requireStreetAndCity(customer.billingAddress, CHECKOUT_MESSAGES.billingAddress, ctx, ['billingAddress']);
    }
  });
export type CheckoutCustomer = z.output<typeof checkoutCustomerSchema>;
export type CheckoutCustomerInput = z.input<typeof checkoutCustomerSchema>;

const checkoutItemSchema = z.object({
  deviceId: z.string().trim().min(1, 'Device is required').max(64),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
});

/** POST /api/checkout: device ids and quantities, never prices. */
export const checkoutSchema = z.object({
  items: z
    .array(checkoutItemSchema)
    .min(1, 'Your cart is empty')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} different devices per order`),
  customer: checkoutCustomerSchema,
  /** The browser's cart: a new checkout of the same cart replaces its unpaid order. */
  cartId: z.string().trim().min(16, 'Cart id is too short').max(64).optional(),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

/**
 * The checkout form: the customer part of POST /api/checkout under the same key, so the form's
 * inputs are named as the route's fields ('customer.email') and a 400 lands under its input.
 */
export const checkoutFormSchema = checkoutSchema.pick({ customer: true });
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;

/** POST /api/checkout/:orderNumber/cancel: the order token in the body when not in the x-order-token header. */
export const cancelCheckoutSchema = z
  .object({
    accessToken: z
      .string({ error: 'The order token must be text' })
      .max(200, 'The order token is at most 200 characters')
      .optional(),
  })
  .default({});

/** 'Order Not Found' asks for a link to the order, sent to the email it was placed with. */
export const orderAccessSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254).pipe(z.email('Enter a valid email address')),
});

/** POST /api/orders/:orderNumber/access answers this (202), whether or not the email placed the order. */
export const ORDER_LINK_SENT = 'If that email placed this order, we have sent it a link to the order.';

/** The header the placing browser sends its order token in. */
export const ORDER_TOKEN_HEADER = 'x-order-token';

export interface PaymentParams {
  provider: 'sandbox' | 'paystack';
  publicKey: string;
  /** The provider's inline script the browser loads on demand. */
  scriptUrl: string;
  reference: string;
  email: string;
  /** Minor units: total x 100. */
  amount: number;
  currency: string;
  metadata: { customer_name: string; items_count: number };
}

export interface CheckoutReply {
  orderNumber: string;
  accessToken: string;
  payment: PaymentParams;
  /** When the held stock goes back unless paid (ISO time): the payment step counts down to it. */
  reservedUntil: string;
}

/**
 * GET /api/checkout/:orderNumber: the shopper's own order still awaiting payment, to pay it again
 * (the widget's parameters: the cart's Resume Payment, the order page's Pay now) and to count the
 * stock it holds as theirs.
 */
export interface OpenCheckout {
  orderNumber: string;
  payment: PaymentParams;
  reservedUntil: string;
  /** What the order holds, per device. */
  items: Array<{ deviceId: string; quantity: number }>;
}

/** GET /api/checkout/:orderNumber of an order paid, closed or past its hold. */
export const CHECKOUT_NOT_OPEN_MESSAGE = 'This order is no longer awaiting payment';

export interface OrderItemView {
  deviceId: string;
  name: string;
  price: number;
  quantity: number;
  lineTotal: number;
  image: string | null;
  condition: string;
  storage: string;
}

/** GET /api/orders/:orderNumber: the confirmation page's data. */
export interface OrderView {
  orderNumber: string;
  createdAt: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  totalAmount: number;
  currency: string;
  paymentReference: string | null;
  /** An order awaiting payment: when its held stock goes back (it may have passed already); otherwise null. */
  reservedUntil: string | null;
  customer: { firstName: string; lastName: string; name: string; email: string; phone: string };
  shippingAddress: Address | null;
  billingAddress: Address | null;
  items: OrderItemView[];
  /** Set by the admin's Update Tracking. */
  courier: string | null;
  trackingNumber: string | null;
}

export const ORDER_CANCELLED_MESSAGE = 'Order cancelled';
