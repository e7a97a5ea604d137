/** The tables modules/repairs owns: only that module imports this file (table-ownership.test.ts). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { REPAIR_DEVICE_TYPES, REPAIR_SERVICE_IDS } from '../../../shared/repair-services';
import { REPAIR_BOOKING_STATUSES } from '../../../shared/repairs';
import { users } from './accounts';
import { clearedWith, createdAt, oneOf, pickupSlot, updatedAt, uuidKey } from './columns';
import { statusHistoryTable } from './status-history';

export const repairBookings = pgTable(
  'repair_bookings',
  {
    id: uuidKey(),
    bookingNumber: text('booking_number').notNull().unique(),
    customerId: clearedWith('customer_id', () => users.id),
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
    ...pickupSlot(),
    status: text('status').notNull().default('booked'),
    agentId: clearedWith('agent_id', () => users.id),
    /** The return request (RET-...) whose warranty opened this job: repaired at no charge. */
    warrantyOf: text('warranty_of'),
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
    // The admin's Repairs list: by status, newest first; a whole email typed in its search box.
    index('repair_bookings_status_idx').on(t.status, t.createdAt.desc()),
    index('repair_bookings_email_idx').on(sql`lower(${t.customerEmail})`),
  ],
);

/** Bookings taken per pickup slot: a conditional increment in the booking's transaction caps each slot. */
export const repairPickupSlots = pgTable(
  'repair_pickup_slots',
  {
    ...pickupSlot(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.pickupDate, t.pickupTime] }),
    check('repair_pickup_slots_booked_check', sql`${t.booked} >= 0`),
  ],
);

export const repairStatusHistory = statusHistoryTable(
  'repair_status_history',
  { key: 'bookingId', column: 'booking_id', references: () => repairBookings.id },
  REPAIR_BOOKING_STATUSES,
  { statusCheck: 'repair_status_history_status_check', ownerIndex: 'repair_status_history_booking_idx' },
);
