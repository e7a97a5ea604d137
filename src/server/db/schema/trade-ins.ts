/** The tables modules/trade-ins owns: only that module imports this file (table-ownership.test.ts). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { SELL_DEVICE_TYPES } from '../../../shared/sell-devices';
import { ALL_SALE_STATUSES } from '../../../shared/trade-in-statuses';
import { users } from './accounts';
import { clearedWith, createdAt, keyedBy, oneOf, partOf, refersTo, updatedAt, uuidKey } from './columns';
import { statusHistoryTable } from './status-history';
import { images } from './images';

/** The spec's sell "transactions". */
export const tradeIns = pgTable(
  'trade_ins',
  {
    id: uuidKey(),
    transactionNumber: text('transaction_number').notNull().unique(),
    customerId: clearedWith('customer_id', () => users.id),
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
    /**
     * The random nonce that token is an HMAC of, under the store's link key (trade-ins/seller-link.ts): with it
     * the same link is emailed again while it lives. Null for a link sent before links could be sent again.
     */
    accessTokenNonce: text('access_token_nonce'),
    /** When that link stops working; a link with none recorded is treated as expired. */
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    /** When 'email me a new link' last sent one: limits it per trade-in and, across trade-ins, per address. */
    linkEmailedAt: timestamp('link_emailed_at', { withTimezone: true }),
    status: text('status').notNull().default('Awaiting Confirmation'),
    estimatedValue: integer('estimated_value').notNull(),
    offeredAmount: integer('offered_amount'),
    assessmentNotes: text('assessment_notes'),
    /** What the seller gave as the reason when declining the offer (optional). */
    declineReason: text('decline_reason'),
    agentId: clearedWith('agent_id', () => users.id),
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
  tradeInId: keyedBy('trade_in_id', () => tradeIns.id),
  accountHolder: text('account_holder').notNull(),
  bankName: text('bank_name').notNull(),
  accountNumber: text('account_number').notNull(),
  branchCode: text('branch_code').notNull(),
  payoutReference: text('payout_reference'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  paidBy: clearedWith('paid_by', () => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The sell quote table: one estimate per type, brand, storage and condition, seeded with the store's figures (seed/trade-in-quotes.ts). */
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

export const tradeInStatusHistory = statusHistoryTable(
  'trade_in_status_history',
  { key: 'tradeInId', column: 'trade_in_id', references: () => tradeIns.id },
  ALL_SALE_STATUSES,
  { statusCheck: 'trade_in_history_status_check', ownerIndex: 'trade_in_history_trade_in_idx' },
);

export const tradeInImages = pgTable(
  'trade_in_images',
  {
    tradeInId: partOf('trade_in_id', () => tradeIns.id),
    position: integer('position').notNull(),
    imageId: refersTo('image_id', () => images.id).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tradeInId, t.position] })],
);
