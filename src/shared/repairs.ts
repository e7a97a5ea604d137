import { z } from 'zod';
import { emailField } from './accounts';
import { optionalMultiline, optionalText, required, requiredMultiline } from './text-fields';

/**
 * Repairs, one source for the services page, the booking dialog, the server's rules, the emails and
 * the chat assistant: services and their price table (spec 001 section 9, ZAR ranges), timeframes,
 * issue types, pickup hours and the booking schema, step by step.
 */
export const REPAIR_SERVICES = [
  {
    id: 'screen-repair',
    name: 'Screen Repair',
    description: 'Cracked or unresponsive screens replaced with quality parts.',
    phonePrice: 'R350-R1,200',
    laptopPrice: 'R800-R2,500',
    duration: '2-4 hours',
    warranty: '3 months',
    icon: 'smartphone',
  },
  {
    id: 'battery-replacement',
    name: 'Battery Replacement',
    description: 'A fresh battery when yours no longer lasts the day.',
    phonePrice: 'R200-R600',
    laptopPrice: 'R500-R1,500',
    duration: '1-2 hours',
    warranty: '6 months',
    icon: 'battery',
  },
  {
    id: 'water-damage',
    name: 'Water Damage',
    description: 'Cleaning, drying and part replacement after liquid damage.',
    phonePrice: 'R400-R1,500',
    laptopPrice: 'R800-R3,000',
    duration: '1-3 days',
    warranty: '1 month',
    icon: 'droplets',
  },
  {
    id: 'charging-port',
    name: 'Charging Port',
    description: 'Loose or dead charging ports repaired or replaced.',
    phonePrice: 'R250-R450',
    laptopPrice: 'R400-R800',
    duration: '2-3 hours',
    warranty: '3 months',
    icon: 'plug',
  },
  {
    id: 'software-issues',
    name: 'Software Issues',
    description: 'Crashes, slowdowns, updates and reinstalls.',
    phonePrice: 'R150-R400',
    laptopPrice: 'R200-R600',
    duration: '2-6 hours',
    warranty: '1 month',
    icon: 'code',
  },
  {
    id: 'motherboard-repair',
    name: 'Motherboard Repair',
    description: 'Board-level diagnosis and repair.',
    phonePrice: 'R600-R2,000',
    laptopPrice: 'R1,000-R4,000',
    duration: '3-7 days',
    warranty: '3 months',
    icon: 'cpu',
  },
  {
    id: 'unlock-password',
    name: 'Unlock Password',
    description: 'Regain access to a device you own.',
    phonePrice: 'R200-R400',
    laptopPrice: 'R300-R600',
    duration: '1-2 hours',
    warranty: '1 month',
    icon: 'lock',
  },
  {
    id: 'unlock-network',
    name: 'Unlock Network',
    description: 'Use your phone on any network.',
    phonePrice: 'R150-R350',
    laptopPrice: 'N/A',
    duration: '30 mins-2 hours',
    warranty: 'permanent',
    icon: 'signal',
  },
  {
    id: 'phone-glitching',
    name: 'Phone Glitching',
    description: 'Flickering, freezing and random restarts fixed.',
    phonePrice: 'R200-R500',
    laptopPrice: 'R300-R700',
    duration: '2-4 hours',
    warranty: '2 months',
    icon: 'zap',
  },
] as const;
export type RepairServiceId = (typeof REPAIR_SERVICES)[number]['id'];
export const REPAIR_SERVICE_IDS = REPAIR_SERVICES.map((s) => s.id) as [RepairServiceId, ...RepairServiceId[]];

export const REPAIR_DEVICE_TYPES = ['phone', 'tablet', 'laptop', 'tv'] as const;

export const REPAIR_TIMEFRAMES = [
  'From 2 hours',
  '4 hours',
  '8 hours',
  '1 day',
  '2 days',
  '1 week',
  '2 weeks',
  'End of the month',
] as const;

export const REPAIR_ISSUE_TYPES = [
  'Screen Damage',
  'Battery Issues',
  'Charging Problems',
  'Water Damage',
  'Software Issues',
  'Hardware Problems',
  'Other',
] as const;

/** Hourly pickup slots, 09:00 AM to 05:00 PM. */
export const PICKUP_SLOTS = [
  '09:00 AM',
  '10:00 AM',
  '11:00 AM',
  '12:00 PM',
  '01:00 PM',
  '02:00 PM',
  '03:00 PM',
  '04:00 PM',
  '05:00 PM',
] as const;

export type PickupSlot = (typeof PICKUP_SLOTS)[number];

export const REPAIR_WIZARD_STEPS = 6;

/** A booking's life: booked, then the agent's forward-only steps, or cancelled before pickup. */
export const REPAIR_BOOKING_STATUSES = ['booked', 'picked_up', 'in_repair', 'ready', 'returned', 'cancelled'] as const;
export type RepairBookingStatus = (typeof REPAIR_BOOKING_STATUSES)[number];

export const REPAIR_STATUS_LABELS: Record<RepairBookingStatus, string> = {
  booked: 'Booked',
  picked_up: 'Picked Up',
  in_repair: 'In Repair',
  ready: 'Ready',
  returned: 'Returned',
  cancelled: 'Cancelled',
};

/** The history line each status writes, and the confirmation email and tracking view repeat. */
export const REPAIR_STATUS_DESCRIPTIONS: Record<RepairBookingStatus, string> = {
  booked: 'Repair booked; an agent has been assigned to pick up the device',
  picked_up: 'Device picked up by our agent',
  in_repair: 'Our technicians are repairing the device',
  ready: 'Repair complete; the device is ready to be returned',
  returned: 'Device returned to the customer',
  cancelled: 'Booking cancelled',
};

/** The agent's moves, in order: each one only from the status before it. */
export const REPAIR_PICKUP_FLOW = ['booked', 'picked_up', 'in_repair', 'ready', 'returned'] as const;
export const REPAIR_AGENT_MOVES = ['picked_up', 'in_repair', 'ready', 'returned'] as const;
export type RepairAgentMove = (typeof REPAIR_AGENT_MOVES)[number];

/** The status a move starts from: picked_up from booked, in_repair from picked_up, and so on. */
export function statusBefore(move: RepairAgentMove): RepairBookingStatus {
  return REPAIR_PICKUP_FLOW[REPAIR_PICKUP_FLOW.indexOf(move) - 1]!;
}

export type RepairService = (typeof REPAIR_SERVICES)[number];

export function findRepairService(id: string): RepairService | undefined {
  return REPAIR_SERVICES.find((service) => service.id === id);
}

/** The price range a booking quotes: the phone or laptop column, both for a tablet or TV (quoted on inspection). */
export function repairPriceRange(service: RepairService, deviceType: RepairDeviceType): string {
  const quoted = (range: string) => (range === 'N/A' ? 'quoted on inspection' : range);
  if (deviceType === 'phone') return quoted(service.phonePrice);
  if (deviceType === 'laptop') return quoted(service.laptopPrice);
  return `Phone ${quoted(service.phonePrice)}, laptop ${quoted(service.laptopPrice)} (quoted on inspection)`;
}

/** What the customer readies before the agent arrives (the confirmation email lists it). */
export const REPAIR_PREPARATION = [
  'Back up your data: repairs can need a reset.',
  'Remove your SIM card, memory card and any case or screen protector.',
  'Switch off Find My iPhone or your Google account lock, or have the passcode ready for the technician.',
  'Have the charger and your ID document at hand for the agent.',
] as const;

export const REPAIR_DEVICE_TYPE_LABELS: Record<RepairDeviceType, string> = {
  phone: 'Phone',
  tablet: 'Tablet',
  laptop: 'Laptop',
  tv: 'TV',
};
export type RepairDeviceType = (typeof REPAIR_DEVICE_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Pickup days and slots, in the store's time (Africa/Johannesburg) whatever the browser's zone.
// ---------------------------------------------------------------------------------------------

export const STORE_TIME_ZONE = 'Africa/Johannesburg';
/** South Africa Standard Time is UTC+2 all year (no daylight saving), so a fixed offset is exact. */
const STORE_UTC_OFFSET_MS = 2 * 3_600_000;
/** How far ahead a pickup can be booked. */
export const PICKUP_WINDOW_DAYS = 30;

/**
 * Pickup hours per weekday (0 is Sunday), from the business hours of spec 001 section 9
 * (Mon-Fri 8:00-18:00, Sat 9:00-16:00, Sun 9:00-14:00): a slot is offered when the agent can start
 * and finish the hour inside them. A day without hours is closed for pickups.
 */
export const PICKUP_HOURS: readonly ({ open: number; close: number } | null)[] = [
  { open: 9, close: 14 },
  { open: 8, close: 18 },
  { open: 8, close: 18 },
  { open: 8, close: 18 },
  { open: 8, close: 18 },
  { open: 8, close: 18 },
  { open: 9, close: 16 },
];

/** '01:00 PM' -> 13. */
export function slotHour(slot: PickupSlot): number {
  const [, hh, period] = /^(\d{2}):00 (AM|PM)$/.exec(slot)!;
  return (Number(hh) % 12) + (period === 'PM' ? 12 : 0);
}

/** Today's date in the store's zone, as YYYY-MM-DD. */
export function storeToday(now: Date): string {
  return new Date(now.getTime() + STORE_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The instant a slot starts: 2026-11-23 09:00 AM in Cape Town is 07:00 UTC. */
export function slotStart(date: string, slot: PickupSlot): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + slotHour(slot) * 3_600_000 - STORE_UTC_OFFSET_MS);
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
function isCalendarDate(date: string): boolean {
  return DATE_PATTERN.test(date) && new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date;
}

/** The slots of a day within its pickup hours, before the clock is looked at. */
export function slotsOfDay(date: string, hours = PICKUP_HOURS): PickupSlot[] {
  const day = hours[new Date(`${date}T00:00:00Z`).getUTCDay()];
  if (!day) return [];
  return PICKUP_SLOTS.filter((slot) => slotHour(slot) >= day.open && slotHour(slot) + 1 <= day.close);
}

export const PICKUP_MESSAGES = {
  chooseDate: 'Choose a pickup date',
  pastDate: 'Choose a pickup date from today onwards',
  tooFar: `Pickups can be booked up to ${PICKUP_WINDOW_DAYS} days ahead`,
  closed: 'We do not collect devices on this day',
  chooseTime: 'Choose a pickup time',
  timeUnavailable: 'This pickup time is not available on the chosen date',
  slotFull: 'This pickup time is fully booked. Please choose another time.',
} as const;

/** Why a pickup date cannot be booked at `now`, or null when it can. */
export function pickupDateRefusal(date: string, now: Date, hours = PICKUP_HOURS): string | null {
  if (!isCalendarDate(date)) return PICKUP_MESSAGES.chooseDate;
  const today = storeToday(now);
  if (date < today) return PICKUP_MESSAGES.pastDate;
  if (date > addDays(today, PICKUP_WINDOW_DAYS)) return PICKUP_MESSAGES.tooFar;
  if (slotsOfDay(date, hours).length === 0) return PICKUP_MESSAGES.closed;
  return null;
}

/** The slots still ahead of `now` on a bookable date (before capacity is counted). */
export function upcomingSlots(date: string, now: Date, hours = PICKUP_HOURS): PickupSlot[] {
  if (pickupDateRefusal(date, now, hours)) return [];
  return slotsOfDay(date, hours).filter((slot) => slotStart(date, slot).getTime() > now.getTime());
}

/** The dates the date picker offers: from today, open days with a slot still ahead. */
export function pickupDates(now: Date, hours = PICKUP_HOURS): string[] {
  const today = storeToday(now);
  const dates: string[] = [];
  for (let i = 0; i <= PICKUP_WINDOW_DAYS; i++) {
    const date = addDays(today, i);
    if (upcomingSlots(date, now, hours).length > 0) dates.push(date);
  }
  return dates;
}

/** 'Monday, 23 November 2026': the date as written, the same in every browser zone. */
export function formatPickupDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
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
  pickupDate: z.string({ error: PICKUP_MESSAGES.chooseDate }).regex(DATE_PATTERN, PICKUP_MESSAGES.chooseDate),
  pickupTime: z.enum(PICKUP_SLOTS, { error: PICKUP_MESSAGES.chooseTime }),
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

/** The admin's cancel (POST /api/admin/repairs/:bookingNumber/cancel): a reason for the audit log. */
export const adminCancelRepairSchema = z.object({
  reason: optionalMultiline('Reason', 500),
});

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

export interface RepairHistoryEntry {
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

/** One of an agent's pickups (GET /api/agent/repairs): what the agent needs to collect the device. */
export interface AgentRepairPickup extends RepairBookingSummary {
  deviceDetails: RepairBooking['deviceDetails'];
  customerDetails: RepairBooking['customerDetails'];
}

export const repairStatusMoveSchema = z.object({
  status: z.enum(REPAIR_AGENT_MOVES, { error: `Status must be one of ${REPAIR_AGENT_MOVES.join(', ')}` }),
});

const dateParam = z.string({ error: 'Date is required' }).regex(DATE_PATTERN, 'Date must be YYYY-MM-DD');
export const repairSlotsQuerySchema = z.object({ date: dateParam });
export const agentRepairsQuerySchema = z.object({ date: dateParam.optional() });
