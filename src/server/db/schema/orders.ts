/** The tables modules/orders owns: only that module imports this file (table-ownership.test.ts). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CURRENCIES } from '../../../shared/money';
import { ORDER_HISTORY_KINDS, ORDER_PAYMENT_STATUSES, ORDER_STATUSES } from '../../../shared/orders';
import { users } from './accounts';
import { devices } from './catalog';
import { clearedWith, createdAt, identityKey, oneOf, partOf, refersTo, updatedAt, uuidKey } from './columns';

export interface AddressRecord {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export const orders = pgTable(
  'orders',
  {
    id: uuidKey(),
    orderNumber: text('order_number').notNull().unique(),
    customerId: clearedWith('customer_id', () => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull().default(''),
    shippingAddress: jsonb('shipping_address').$type<AddressRecord>().notNull(),
    billingAddress: jsonb('billing_address').$type<AddressRecord>(),
    totalAmount: integer('total_amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    paymentStatus: text('payment_status').notNull().default('awaiting_payment'),
    paymentReference: text('payment_reference').notNull().unique(),
    /** SHA-256 of the token the placing browser holds to read its own order. */
    accessTokenHash: text('access_token_hash').notNull(),
    /**
     * Signed into every link to the order; the admin's revoke adds one, so every link signed before
     * stops opening it (the placing browser's token is good at version 0 only).
     */
    linkVersion: integer('link_version').notNull().default(0),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /** The client key that placed it (lib/client-key.ts: an IPv6 client by its /64): unpaid units held per key are capped. */
    clientAddress: text('client_address'),
    /** The browser cart it came from: a new checkout of the same cart releases the previous unpaid one. */
    cartId: text('cart_id'),
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    /** The return request (RET-...) this order replaces a unit of: shipped at no charge, never paid. */
    replacementOf: text('replacement_of'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    check('orders_payment_status_check', oneOf(t.paymentStatus, ORDER_PAYMENT_STATUSES)),
    check('orders_currency_check', oneOf(t.currency, CURRENCIES)),
    check('orders_total_check', sql`${t.totalAmount} >= 0`),
    index('orders_created_idx').on(t.createdAt.desc()),
    index('orders_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('orders_reservation_idx')
      .on(t.reservedUntil)
      .where(sql`${t.paymentStatus} = 'awaiting_payment'`),
    index('orders_status_idx').on(t.status, t.createdAt.desc()),
    index('orders_held_by_address_idx')
      .on(t.clientAddress)
      .where(sql`${t.paymentStatus} = 'awaiting_payment'`),
    index('orders_held_by_cart_idx')
      .on(t.cartId)
      .where(sql`${t.paymentStatus} = 'awaiting_payment'`),
    index('orders_email_idx').on(sql`lower(${t.customerEmail})`),
  ],
);

/**
 * Every status an order went through, with who moved it (null: the shopper or the system), and every
 * tracking change (kind 'tracking': the courier and number in the note, the status the order had).
 */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: identityKey(),
    orderId: partOf('order_id', () => orders.id),
    kind: text('kind').notNull().default('status'),
    status: text('status').notNull(),
    note: text('note'),
    actorId: clearedWith('actor_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_status_history_status_check', oneOf(t.status, ORDER_STATUSES)),
    check('order_status_history_kind_check', oneOf(t.kind, ORDER_HISTORY_KINDS)),
    index('order_status_history_order_idx').on(t.orderId, t.createdAt),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuidKey(),
    orderId: partOf('order_id', () => orders.id),
    deviceId: refersTo('device_id', () => devices.id).notNull(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    image: text('image'),
    condition: text('condition').notNull(),
    storage: text('storage').notNull(),
  },
  (t) => [
    check('order_items_price_check', sql`${t.price} >= 0`),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_device_idx').on(t.deviceId),
  ],
);
