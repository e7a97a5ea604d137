import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../shared/accounts';
import { AGENT_ROLES, USER_STATUSES } from '../../shared/agents';
import { DEVICE_TYPES } from '../../shared/catalog';
import { INQUIRY_TYPES } from '../../shared/contact';
import { CURRENCIES } from '../../shared/money';
import { ORDER_PAYMENT_STATUSES, ORDER_STATUSES } from '../../shared/orders';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, REFUND_STATUSES } from '../../shared/payments';
import { REPAIR_BOOKING_STATUSES, REPAIR_DEVICE_TYPES, REPAIR_SERVICE_IDS } from '../../shared/repairs';
import { ALL_SALE_STATUSES, SELL_DEVICE_TYPES } from '../../shared/trade-ins';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `column IN ('a', 'b')` with the allowed values taken from src/shared. */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/** Resized WebP variants, made on first request and kept so every instance serves them. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width] })],
);

/** Customers, agents and the admin: one table, one sign-in path, a role each. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: text('role').notNull(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    status: text('status').notNull().default('active'),
    agentRole: text('agent_role'),
    idType: text('id_type'),
    /** Personal data: never sent back in full, never logged. */
    idNumber: text('id_number'),
    apartment: text('apartment'),
    city: text('city'),
    province: text('province'),
    postalCode: text('postal_code'),
    profileImageId: uuid('profile_image_id').references(() => images.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_role_created_idx').on(t.role, t.createdAt.desc()),
    check('users_role_check', oneOf(t.role, ROLES)),
    check('users_status_check', oneOf(t.status, USER_STATUSES)),
    check('users_agent_role_check', sql`${t.agentRole} is null or ${oneOf(t.agentRole, AGENT_ROLES)}`),
    check('users_agent_username_check', sql`${t.role} <> 'agent' or ${t.username} is not null`),
  ],
);

/** A signed-in browser. The token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A staff member's password was right but their second factor is still to come: the session opens only that step. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A staff member's authenticator (TOTP, RFC 6238): the secret sealed with the store's key, confirmed
 * once a first code matched; the last step a code was accepted in, so no code is used twice.
 */
export const staffFactors = pgTable('staff_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** The ten one-time recovery codes of a staff member's authenticator: their SHA-256 only. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** The sign-up form's details a pending sign-up keeps until its link makes the account. */
export interface SignUpDetails {
  firstName: string;
  lastName: string;
  phone: string;
  idType: string;
  /** Personal data: never sent back in full, never logged. */
  idNumber: string;
  apartment: string | null;
  city: string;
  province: string;
  postalCode: string;
}

/**
 * A sign-up waiting for the link emailed to its address: the account is made only when the link is
 * used, so a sign-up answers alike for a new and a taken email. One per address (a new sign-up
 * replaces it); only the link's SHA-256 is stored.
 */
export const signUpRequests = pgTable(
  'sign_up_requests',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    details: jsonb('details').$type<SignUpDetails>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sign_up_requests_email_unique').on(sql`lower(${t.email})`),
    index('sign_up_requests_expires_idx').on(t.expiresAt),
  ],
);

/** Failed sign-ins, counted per account and per address across every instance. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_failures_key_idx').on(t.key, t.createdAt)],
);

/** How a customer is paid for devices they sell, and the card they prefer (brand and last four only). */
export const paymentDetails = pgTable(
  'payment_details',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    bankName: text('bank_name'),
    accountType: text('account_type'),
    accountHolder: text('account_holder'),
    branchCode: text('branch_code'),
    accountNumber: text('account_number'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpiry: text('card_expiry'),
    cardHolder: text('card_holder'),
    updatedAt: updatedAt(),
  },
  (t) => [check('payment_details_method_check', oneOf(t.method, ['paystack', 'bank', 'card']))],
);

export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    type: text('type').notNull(),
    model: text('model').notNull(),
    condition: text('condition').notNull(),
    storage: text('storage').notNull().default(''),
    ram: text('ram'),
    displaySize: text('display_size'),
    batteryHealth: integer('battery_health'),
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    quantity: integer('quantity').notNull().default(1),
    inStock: boolean('in_stock').notNull().default(true),
    description: text('description'),
    defaultImageIndex: integer('default_image_index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('devices_type_check', oneOf(t.type, DEVICE_TYPES)),
    check('devices_price_check', sql`${t.price} >= 0`),
    check('devices_original_price_check', sql`${t.originalPrice} is null or ${t.originalPrice} >= 0`),
    check('devices_quantity_check', sql`${t.quantity} >= 0`),
    check('devices_battery_health_check', sql`${t.batteryHealth} is null or ${t.batteryHealth} between 0 and 100`),
    check('devices_default_image_index_check', sql`${t.defaultImageIndex} >= 0`),
    index('devices_listed_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('devices_type_price_idx')
      .on(t.type, t.price)
      .where(sql`${t.deletedAt} is null`),
    index('devices_brand_idx')
      .on(sql`lower(${t.brand})`, t.createdAt.desc())
      .where(sql`${t.deletedAt} is null`),
    index('devices_price_idx')
      .on(t.price)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const deviceImages = pgTable(
  'device_images',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.position] }), index('device_images_image_idx').on(t.imageId)],
);

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
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
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

/** Every status an order went through, with who moved it (null: the shopper or the system). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_status_history_status_check', oneOf(t.status, ORDER_STATUSES)),
    index('order_status_history_order_idx').on(t.orderId, t.createdAt),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'restrict' }),
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

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name'),
    /** Minor units (spec: amount x 100). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    channel: text('channel'),
    status: text('status').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('payments_status_check', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_provider_check', oneOf(t.provider, PAYMENT_PROVIDERS)),
    check('payments_amount_check', sql`${t.amount} >= 0`),
    index('payments_created_idx').on(t.createdAt.desc()),
    index('payments_order_idx').on(t.orderId),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    providerReference: text('provider_reference'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
    index('refunds_payment_idx').on(t.paymentId),
    uniqueIndex('refunds_provider_reference_unique')
      .on(t.providerReference)
      .where(sql`${t.providerReference} is not null`),
  ],
);

/** What a provider told us (verify answers, webhooks), kept for the admin's payment details and for idempotency. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    reference: text('reference').notNull(),
    /** A provider's own id of the event, when it has one: the same webhook twice is stored once. */
    providerEventId: text('provider_event_id').unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_events_provider_check', oneOf(t.provider, PAYMENT_PROVIDERS)),
    index('payment_events_reference_idx').on(t.reference, t.createdAt),
  ],
);

/** The sandbox provider's own ledger, read by verify exactly as Paystack's would be. */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    reference: text('reference').primaryKey(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    email: text('email').notNull(),
    status: text('status').notNull(),
    cardLast4: text('card_last4'),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [check('sandbox_charges_status_check', oneOf(t.status, PAYMENT_STATUSES))],
);

/** The spec's sell "transactions". */
export const tradeIns = pgTable(
  'trade_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionNumber: text('transaction_number').notNull().unique(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull().default(''),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    address: text('address').notNull(),
    deviceType: text('device_type').notNull(),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull(),
    condition: text('condition').notNull().default(''),
    storage: text('storage'),
    ram: text('ram'),
    color: text('color'),
    accessories: text('accessories'),
    description: text('description'),
    isOwner: boolean('is_owner').notNull(),
    /** IMEI (15 digits, Luhn-checked) or a serial number; optional. */
    imei: text('imei'),
    /** SHA-256 of the token in the newest emailed link (answer the offer, change the payout): one valid at a time. */
    accessTokenHash: text('access_token_hash'),
    /** When that link stops working; a link with none recorded is treated as expired. */
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    /** When 'email me a new link' last sent one: limits it per trade-in and, across trade-ins, per address. */
    linkEmailedAt: timestamp('link_emailed_at', { withTimezone: true }),
    status: text('status').notNull().default('Awaiting Confirmation'),
    estimatedValue: integer('estimated_value').notNull(),
    offeredAmount: integer('offered_amount'),
    assessmentNotes: text('assessment_notes'),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('trade_ins_status_check', oneOf(t.status, ALL_SALE_STATUSES)),
    check('trade_ins_device_type_check', oneOf(t.deviceType, SELL_DEVICE_TYPES)),
    check('trade_ins_owner_check', sql`${t.isOwner}`),
    check('trade_ins_estimate_check', sql`${t.estimatedValue} >= 0`),
    check('trade_ins_offer_check', sql`${t.offeredAmount} is null or ${t.offeredAmount} >= 0`),
    index('trade_ins_created_idx').on(t.createdAt.desc()),
    index('trade_ins_agent_idx').on(t.agentId, t.createdAt.desc()),
    index('trade_ins_status_idx').on(t.status, t.createdAt.desc()),
    index('trade_ins_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('trade_ins_email_idx').on(sql`lower(${t.customerEmail})`),
  ],
);

/** Where an accepted offer is paid, and the admin's record of paying it. Personal data: masked on screen. */
export const tradeInPayouts = pgTable('trade_in_payouts', {
  tradeInId: uuid('trade_in_id')
    .primaryKey()
    .references(() => tradeIns.id, { onDelete: 'cascade' }),
  accountHolder: text('account_holder').notNull(),
  bankName: text('bank_name').notNull(),
  accountNumber: text('account_number').notNull(),
  branchCode: text('branch_code').notNull(),
  payoutReference: text('payout_reference'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The sell quote table: one estimate per type, brand, storage and condition (issue 12). */
export const tradeInQuotes = pgTable(
  'trade_in_quotes',
  {
    deviceType: text('device_type').notNull(),
    brand: text('brand').notNull(),
    storage: text('storage').notNull(),
    condition: text('condition').notNull(),
    amount: integer('amount').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceType, t.brand, t.storage, t.condition] }),
    check('trade_in_quotes_device_type_check', oneOf(t.deviceType, SELL_DEVICE_TYPES)),
    check('trade_in_quotes_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * The columns a trade-in's and a repair booking's status history share, after the row an entry
 * belongs to: the status reached, its description, the user who moved it (set null when that user
 * is deleted) and when.
 */
const statusStep = () => ({
  status: text('status').notNull(),
  description: text('description').notNull(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const tradeInStatusHistory = pgTable(
  'trade_in_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tradeInId: uuid('trade_in_id')
      .notNull()
      .references(() => tradeIns.id, { onDelete: 'cascade' }),
    ...statusStep(),
  },
  (t) => [
    check('trade_in_history_status_check', oneOf(t.status, ALL_SALE_STATUSES)),
    index('trade_in_history_trade_in_idx').on(t.tradeInId, t.createdAt),
  ],
);

export const tradeInImages = pgTable(
  'trade_in_images',
  {
    tradeInId: uuid('trade_in_id')
      .notNull()
      .references(() => tradeIns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.tradeInId, t.position] })],
);

export const repairBookings = pgTable(
  'repair_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingNumber: text('booking_number').notNull().unique(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    deviceType: text('device_type').notNull(),
    serviceId: text('service_id').notNull(),
    timeframe: text('timeframe').notNull(),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull().default(''),
    issueType: text('issue_type').notNull().default(''),
    description: text('description').notNull().default(''),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerEmail: text('customer_email').notNull(),
    address: text('address').notNull(),
    pickupDate: date('pickup_date').notNull(),
    pickupTime: text('pickup_time').notNull(),
    status: text('status').notNull().default('booked'),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('repair_bookings_device_type_check', oneOf(t.deviceType, REPAIR_DEVICE_TYPES)),
    check('repair_bookings_service_check', oneOf(t.serviceId, REPAIR_SERVICE_IDS)),
    check('repair_bookings_status_check', oneOf(t.status, REPAIR_BOOKING_STATUSES)),
    index('repair_bookings_created_idx').on(t.createdAt.desc()),
    index('repair_bookings_agent_idx').on(t.agentId, t.pickupDate),
    index('repair_bookings_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('repair_bookings_slot_idx').on(t.pickupDate, t.pickupTime),
  ],
);

/** Bookings taken per pickup slot: a conditional increment in the booking's transaction caps each slot. */
export const repairPickupSlots = pgTable(
  'repair_pickup_slots',
  {
    pickupDate: date('pickup_date').notNull(),
    pickupTime: text('pickup_time').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.pickupDate, t.pickupTime] }),
    check('repair_pickup_slots_booked_check', sql`${t.booked} >= 0`),
  ],
);

export const repairStatusHistory = pgTable(
  'repair_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => repairBookings.id, { onDelete: 'cascade' }),
    ...statusStep(),
  },
  (t) => [
    check('repair_status_history_status_check', oneOf(t.status, REPAIR_BOOKING_STATUSES)),
    index('repair_status_history_booking_idx').on(t.bookingId, t.createdAt),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    inquiryType: text('inquiry_type').notNull().default('general'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'contact_messages_inquiry_type_check',
      oneOf(
        t.inquiryType,
        INQUIRY_TYPES.map((i) => i.value),
      ),
    ),
    index('contact_messages_created_idx').on(t.createdAt.desc()),
  ],
);

/** Emails written in the same transaction as the event they announce, sent later. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Makes an event's email unique: one confirmation per order, whatever the retries. */
    dedupeKey: text('dedupe_key').unique(),
    /** The body carries a secret (a reset link): blanked once delivered. */
    containsSecret: boolean('contains_secret').notNull().default(false),
    /** What the email is about (order, trade-in, repair), for the admin's email log of a record. */
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('outbox_status_check', oneOf(t.status, ['pending', 'sent', 'failed'])),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_created_idx').on(t.createdAt.desc()),
    index('outbox_entity_idx').on(t.entityType, t.entityId),
    index('outbox_status_created_idx').on(t.status, t.createdAt.desc()),
    // The per-recipient cap counts one kind of email to one address over the last hour.
    index('outbox_recipient_kind_created_idx').on(sql`lower(${t.to})`, t.kind, t.createdAt),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The client address the action came from. */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    check('audit_log_role_check', oneOf(t.actorRole, ROLES)),
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
  ],
);

/** Marks one-off start-up work (the demo seed) as done, so a second start never repeats it. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
