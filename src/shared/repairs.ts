import { z } from 'zod';
import { emailField } from './accounts';
import { statusTable } from './options';
import { DATE_PATTERN, PICKUP_MESSAGES, PICKUP_SLOTS, type PickupSlot } from './repair-calendar';
import {
  REPAIR_DEVICE_TYPES,
  REPAIR_ISSUE_TYPES,
  REPAIR_SERVICE_IDS,
  REPAIR_TIMEFRAMES,
  type RepairDeviceType,
  type RepairServiceId,
} from './repair-services';
import { optionalMultiline, optionalText, required, requiredMultiline } from './text-fields';

/**
 * A repair booking: its statuses and the agent's moves, the booking schema the dialog's six steps
 * and the server share, the cancel payloads and the replies.
 */

/**
 * A booking's life: booked, then the agent's forward-only steps, or cancelled before pickup. Each status's
 * label, and the history line it writes (the confirmation email and tracking view repeat it).
 */
const REPAIR_STATUS = statusTable({
  booked: { label: 'Booked', description: 'Repair booked; an agent has been assigned to pick up the device' },
  picked_up: { label: 'Picked Up', description: 'Device picked up by our agent' },
  in_repair: { label: 'In Repair', description: 'Our technicians are repairing the device' },
  ready: { label: 'Ready', description: 'Repair complete; the device is ready to be returned' },
  returned: { label: 'Returned', description: 'Device returned to the customer' },
  cancelled: { label: 'Cancelled', description: 'Booking cancelled' },
});
export const REPAIR_STATUS_LABELS = REPAIR_STATUS.labels;
export const REPAIR_BOOKING_STATUSES = REPAIR_STATUS.values;
export type RepairBookingStatus = (typeof REPAIR_BOOKING_STATUSES)[number];
export const REPAIR_STATUS_DESCRIPTIONS = REPAIR_STATUS.descriptions;

/** A cancelled booking's history entry: the staff's reason, as the customer's and the agent's emails give it. */
export const cancelledHistory = (reason?: string) =>
  reason ? `${REPAIR_STATUS_DESCRIPTIONS.cancelled}: ${reason}` : REPAIR_STATUS_DESCRIPTIONS.cancelled;

/**
 * A booking still in hand: a pickup to make or a device to return (not returned, not cancelled). Only
 * these can be handed to another agent, and only on these does the agent see the customer's contact.
 */
export const REPAIR_OPEN_STATUSES = [
  'booked',
  'picked_up',
  'in_repair',
  'ready',
] as const satisfies readonly RepairBookingStatus[];

export const isOpenRepair = (status: string): boolean => (REPAIR_OPEN_STATUSES as readonly string[]).includes(status);

/** The agent's moves, in order: each one only from the status before it. */
export const REPAIR_PICKUP_FLOW = ['booked', 'picked_up', 'in_repair', 'ready', 'returned'] as const;
export const REPAIR_AGENT_MOVES = ['picked_up', 'in_repair', 'ready', 'returned'] as const;
export type RepairAgentMove = (typeof REPAIR_AGENT_MOVES)[number];

/** The status a move starts from: picked_up from booked, in_repair from picked_up, and so on. */
export function statusBefore(move: RepairAgentMove): RepairBookingStatus {
  return REPAIR_PICKUP_FLOW[REPAIR_PICKUP_FLOW.indexOf(move) - 1]!;
}

// ---------------------------------------------------------------------------------------------
// The booking: one schema, and each wizard step a pick of it (spec 001 section 5's gates), so the
// dialog's Next and the server's parse apply the same rules.
// ---------------------------------------------------------------------------------------------

/** Digits with the usual separators, 9 to 15 digits: '+27 82 123 4567', '021 555 0123'. */
const phoneField = required('Phone', 30).refine((value) => {
  const digits = value.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(value) && digits >= 9 && digits <= 15;
}, 'Enter a valid phone number');

/** A pickup's day and slot, as every form that books or moves a pickup sends them (repairs, returns). */
export const pickupSlotFields = {
  pickupDate: z.string({ error: PICKUP_MESSAGES.chooseDate }).regex(DATE_PATTERN, PICKUP_MESSAGES.chooseDate),
  pickupTime: z.enum(PICKUP_SLOTS, { error: PICKUP_MESSAGES.chooseTime }),
};

export const repairBookingSchema = z.object({
  deviceType: z.enum(REPAIR_DEVICE_TYPES, { error: 'Choose a device type' }),
  service: z.enum(REPAIR_SERVICE_IDS, { error: 'Choose a repair service' }),
  timeframe: z.enum(REPAIR_TIMEFRAMES, { error: 'Choose when the device should be fixed' }),
  /** Step 4 has no requirement; what is given is kept within bounds. */
  deviceDetails: z
    .object({
      brand: optionalText('Brand', 60),
      model: optionalText('Model', 80),
      issueType: z
        .union([z.literal(''), z.enum(REPAIR_ISSUE_TYPES)], { error: 'Choose an issue type from the list' })
        .optional()
        .default(''),
      description: optionalMultiline('Description', 2000),
    })
    .optional()
    .default({ brand: '', model: '', issueType: '', description: '' }),
  customerDetails: z.object(
    {
      name: required('Name', 120),
      phone: phoneField,
      email: emailField,
      address: requiredMultiline('Address', 300),
    },
    { error: 'Customer details are required' },
  ),
  ...pickupSlotFields,
});
export type RepairBookingInput = z.input<typeof repairBookingSchema>;
export type RepairBooking = z.output<typeof repairBookingSchema>;

/** Steps 1 to 6 of the dialog, each the part of the booking it gates. */
export const REPAIR_STEPS = [
  { title: 'Device Type', schema: repairBookingSchema.pick({ deviceType: true }) },
  { title: 'Repair Service', schema: repairBookingSchema.pick({ service: true }) },
  { title: 'Timeframe', schema: repairBookingSchema.pick({ timeframe: true }) },
  { title: 'Device Details', schema: repairBookingSchema.pick({ deviceDetails: true }) },
  { title: 'Your Details', schema: repairBookingSchema.pick({ customerDetails: true }) },
  { title: 'Pickup', schema: repairBookingSchema.pick({ pickupDate: true, pickupTime: true }) },
] as const;

export const REPAIR_WIZARD_STEPS = 6;

export const REPAIR_MESSAGES = {
  booked: 'Repair Booked Successfully!',
  bookedDescription: (number: string) =>
    `Your booking number is ${number}. You'll receive an email confirmation shortly.`,
  notFound: 'No repair booking found with this number.',
  noAgent: 'No agent is available for pickups right now. Please call us to book.',
  cancelled: 'Booking cancelled. Nobody will come to collect your device.',
  proofRequired: 'Enter the email you gave when you booked this repair',
  wrongEmail: 'This email does not match the one given for this booking',
  alreadyCancelled: 'This booking is already cancelled',
  /** "This repair is Picked Up: ..." once the agent has the device. */
  notCancellable: (status: RepairBookingStatus) =>
    `This repair is ${REPAIR_STATUS_LABELS[status]}: the device has been picked up, so the booking can no longer be cancelled`,
} as const;

/**
 * Cancelling a booking that is still 'booked': the signed-in customer who booked it needs nothing
 * more; anyone else proves it by the email given at booking (decision 021's email proof).
 */
export const cancelRepairSchema = z.object({
  email: z.string().trim().max(254).optional().default(''),
});
export type CancelRepairInput = z.input<typeof cancelRepairSchema>;

/** The admin's cancel (POST /api/admin/repairs/:bookingNumber/cancel): the reason, for the audit log, the customer and the agent. */
export const adminCancelRepairSchema = z.object({
  reason: requiredMultiline('Reason', 500, 'Give a reason for cancelling'),
});
export type AdminCancelRepairInput = z.input<typeof adminCancelRepairSchema>;

// ---------------------------------------------------------------------------------------------
// Replies.
// ---------------------------------------------------------------------------------------------

export interface RepairSlotsReply {
  date: string;
  /** Offered times only: within the day's hours, still ahead, not full. */
  slots: PickupSlot[];
}

export interface RepairBookedReply {
  bookingNumber: string;
  agentFirstName: string;
}

interface RepairHistoryEntry {
  status: RepairBookingStatus;
  description: string;
  date: string;
}

/** What every view of a booking starts with. */
export interface RepairBookingSummary {
  bookingNumber: string;
  status: RepairBookingStatus;
  deviceType: RepairDeviceType;
  service: { id: RepairServiceId; name: string };
  timeframe: string;
  pickupDate: string;
  pickupTime: PickupSlot;
  createdAt: string;
}

/** GET /api/repairs/:bookingNumber: anyone holding the number; `details` only for the signed-in owner. */
export interface RepairTrackingView extends RepairBookingSummary {
  agentFirstName: string | null;
  history: RepairHistoryEntry[];
  details: {
    deviceDetails: RepairBooking['deviceDetails'];
    customerDetails: RepairBooking['customerDetails'];
  } | null;
}

/** POST /api/repairs/:bookingNumber/cancel and its admin twin. */
export interface RepairCancelledReply {
  message: string;
  repair: RepairTrackingView;
}

/** One of the signed-in customer's bookings (GET /api/account/repairs). */
export type CustomerRepairSummary = RepairBookingSummary;

/** One of an agent's pickups (GET /api/agent/repairs): what the agent needs to collect and return the device. */
export interface AgentRepairPickup extends RepairBookingSummary {
  deviceDetails: RepairBooking['deviceDetails'];
  /** The customer as the agent knows them once the work is done (decision 031's first name). */
  customerFirstName: string;
  /** Full name, phone, email and address: only while the booking is the agent's and open; null once it is cancelled or returned. */
  customerDetails: RepairBooking['customerDetails'] | null;
}

export const repairStatusMoveSchema = z.object({
  status: z.enum(REPAIR_AGENT_MOVES, { error: `Status must be one of ${REPAIR_AGENT_MOVES.join(', ')}` }),
});

const dateParam = z.string({ error: 'Date is required' }).regex(DATE_PATTERN, 'Date must be YYYY-MM-DD');
export const repairSlotsQuerySchema = z.object({ date: dateParam });
export const agentRepairsQuerySchema = z.object({ date: dateParam.optional() });
