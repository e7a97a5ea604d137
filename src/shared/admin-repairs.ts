import { z } from 'zod';
import { adminListQuerySchema, type SentEmail } from './admin';
import { dateFilter, inDateOrder } from './date-filters';
import { type PickupSlot } from './repair-calendar';
import {
  pickupSlotFields,
  REPAIR_BOOKING_STATUSES,
  REPAIR_STATUS_LABELS,
  type RepairBooking,
  type RepairBookingStatus,
  type RepairBookingSummary,
} from './repairs';

/**
 * The admin's Repairs tab: the list's query, the reassign and reschedule payloads, the rows and the
 * detail view. Only admin code imports this file (the storefront's bundle never carries it).
 */

/** A booking number as the search box recognises it: REP- and nine digits (any case). */
export const REPAIR_NUMBER_PATTERN = /^REP-\d{9}$/;

export const REPAIR_STATUS_OPTIONS = REPAIR_BOOKING_STATUSES.map((value) => ({
  value,
  label: REPAIR_STATUS_LABELS[value],
}));

/**
 * GET /api/admin/repairs and its export.csv: the list query, a status, the pickup date (one day:
 * from = to; a range; or either end open) and the agent. Every filter empty means all.
 */
export const adminRepairQuerySchema = inDateOrder(
  adminListQuerySchema.extend({
    status: z
      .enum(['', ...REPAIR_BOOKING_STATUSES], { error: 'Unknown repair status' })
      .optional()
      .default(''),
    from: dateFilter('From'),
    to: dateFilter('To'),
    agent: z
      .string()
      .trim()
      .refine((value) => value === '' || z.uuid().safeParse(value).success, 'Unknown agent')
      .optional()
      .default(''),
  }),
);
export type AdminRepairQuery = z.output<typeof adminRepairQuerySchema>;
/** The list's filters by name, as the tab keeps them in the URL. */
export const ADMIN_REPAIR_FILTERS = ['q', 'status', 'from', 'to', 'agent'] as const;

/** POST /api/admin/repairs/:bookingNumber/reassign. */
export const reassignRepairSchema = z.object({
  agentId: z.uuid({ error: 'Choose an agent' }),
});
export type ReassignRepairInput = z.input<typeof reassignRepairSchema>;

/** POST /api/admin/repairs/:bookingNumber/reschedule: a new pickup date and slot. */
export const rescheduleRepairSchema = z.object({
  ...pickupSlotFields,
});
export type RescheduleRepairInput = z.input<typeof rescheduleRepairSchema>;

export const ADMIN_REPAIR_MESSAGES = {
  empty: 'No repair bookings found',
  emptyHint: 'Bookings appear here when customers book a repair',
  loadFailed: 'Failed to load repair bookings',
  reassigned: (number: string, agent: string) => `${number} is now ${agent}'s pickup`,
  rescheduled: (number: string, date: string, time: string) => `${number} is now collected on ${date} at ${time}`,
  cancelled: (number: string) => `${number} is cancelled: the customer and the agent are emailed the reason`,
  sameAgent: 'This booking is already with that agent',
  sameSlot: 'The pickup is already at that time',
  inactiveAgent: 'This agent is not active: choose an active agent',
  /** The agent already has as many pickups in that slot as one slot takes (REPAIR_SLOT_CAPACITY). */
  agentFull: (agent: string, date: string, time: PickupSlot, capacity: number) =>
    `${agent} already has ${capacity} ${capacity === 1 ? 'pickup' : 'pickups'} on ${date} at ${time}, the most one agent can collect in a slot`,
  pastSlot: 'This pickup time has already passed: choose a later one',
  notMovable: (status: RepairBookingStatus, move: 'reassigned' | 'rescheduled') =>
    `This repair is ${REPAIR_STATUS_LABELS[status]}, so it can no longer be ${move}`,
} as const;

/** Who is named on a row: an agent (or a customer's account) by id, name and email. */
export interface RepairPerson {
  id: string;
  name: string;
  email: string;
  active: boolean;
}

/** One row of GET /api/admin/repairs. */
export interface AdminRepairRow extends RepairBookingSummary {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** Where the device is collected. */
  address: string;
  agent: RepairPerson | null;
}

/** GET /api/admin/repairs/:bookingNumber: the whole booking, who did each step, and the emails about it. */
export interface AdminRepairDetails extends AdminRepairRow {
  deviceDetails: RepairBooking['deviceDetails'];
  /** The customer's account, when they were signed in to book. */
  customerAccountId: string | null;
  updatedAt: string;
  history: { status: RepairBookingStatus; description: string; at: string; actor: string | null }[];
  emails: SentEmail[];
}

/** What each of the admin's moves answers. */
export interface AdminRepairMoveReply {
  message: string;
  repair: AdminRepairRow;
}
