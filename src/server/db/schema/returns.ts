/** The tables modules/returns owns: only that module (and reports, the seed) imports this file. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { RETURN_KINDS, RETURN_OPEN_STATUSES, RETURN_STATUSES } from '../../../shared/return-moves';
import { users } from './accounts';
import { clearedWith, createdAt, oneOf, partOf, pickupSlot, refersTo, updatedAt, uuidKey } from './columns';
import { images } from './images';
import { orderItems, orders } from './orders';
import { refunds } from './payments';
import { repairBookings } from './repairs';
import { statusHistoryTable } from './status-history';

/** What became of a returned unit once the request was resolved: back on sale, or written off. */
export const RETURN_STOCK_OUTCOMES = ['restocked', 'written_off'] as const;
/** A request's photos: the customer's with the request, the agent's with the inspection. */
export const RETURN_PHOTO_STAGES = ['request', 'inspection'] as const;

export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuidKey(),
    returnNumber: text('return_number').notNull().unique(),
    kind: text('kind').notNull(),
    /** The order a return or warranty claim is about; null for a repair's warranty. */
    orderId: refersTo('order_id', () => orders.id),
    orderNumber: text('order_number'),
    /** The finished repair a repair warranty is about. */
    repairBookingId: refersTo('repair_booking_id', () => repairBookings.id),
    repairNumber: text('repair_number'),
    customerId: clearedWith('customer_id', () => users.id),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull().default(''),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    pickupAddress: text('pickup_address').notNull(),
    ...pickupSlot(),
    status: text('status').notNull().default('requested'),
    agentId: clearedWith('agent_id', () => users.id),
    declineReason: text('decline_reason'),
    conditionFound: text('condition_found'),
    inspectionNotes: text('inspection_notes'),
    sellable: boolean('sellable'),
    inspectedAt: timestamp('inspected_at', { withTimezone: true }),
    /** Set once, in the resolution's transaction, with the stock move it records. */
    stockOutcome: text('stock_outcome'),
    /** The refund under way or done; a refusal by the provider clears it so the admin can try again. */
    refundId: refersTo('refund_id', () => refunds.id),
    /** Minor units, once refunded. */
    refundAmount: integer('refund_amount'),
    repairJobNumber: text('repair_job_number'),
    replacementOrderNumber: text('replacement_order_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('return_requests_kind_check', oneOf(t.kind, RETURN_KINDS)),
    check('return_requests_status_check', oneOf(t.status, RETURN_STATUSES)),
    check('return_requests_stock_outcome_check', oneOf(t.stockOutcome, RETURN_STOCK_OUTCOMES)),
    check('return_requests_refund_amount_check', sql`${t.refundAmount} >= 0`),
    check(
      'return_requests_source_check',
      sql`(${t.kind} = 'repair_warranty') = (${t.repairBookingId} is not null and ${t.orderId} is null)`,
    ),
    index('return_requests_created_idx').on(t.createdAt.desc()),
    index('return_requests_status_idx').on(t.status, t.createdAt.desc()),
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('return_requests_agent_idx').on(t.agentId, t.pickupDate),
    index('return_requests_email_idx').on(sql`lower(${t.customerEmail})`),
    // A repaired device has one open warranty request at a time, whatever two tabs send at once.
    uniqueIndex('return_requests_open_repair_idx')
      .on(t.repairBookingId)
      .where(sql`${t.status} in (${sql.raw(RETURN_OPEN_STATUSES.map((s) => `'${s}'`).join(', '))})`),
  ],
);

/** The units of an order's lines a request sends back, at the price they were bought for. */
export const returnUnits = pgTable(
  'return_units',
  {
    requestId: partOf('request_id', () => returnRequests.id),
    orderItemId: refersTo('order_item_id', () => orderItems.id).notNull(),
    deviceId: uuid('device_id').notNull(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.orderItemId] }),
    check('return_units_quantity_check', sql`${t.quantity} > 0`),
    index('return_units_item_idx').on(t.orderItemId),
  ],
);

export const returnStatusHistory = statusHistoryTable(
  'return_status_history',
  { key: 'requestId', column: 'request_id', references: () => returnRequests.id },
  RETURN_STATUSES,
  { statusCheck: 'return_status_history_status_check', ownerIndex: 'return_status_history_request_idx' },
);

/** Private photos: served to the request's owner and staff only, never by /images/. */
export const returnImages = pgTable(
  'return_images',
  {
    requestId: partOf('request_id', () => returnRequests.id),
    stage: text('stage').notNull(),
    position: integer('position').notNull(),
    imageId: refersTo('image_id', () => images.id).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.stage, t.position] }),
    check('return_images_stage_check', oneOf(t.stage, RETURN_PHOTO_STAGES)),
    index('return_images_image_idx').on(t.imageId),
  ],
);
