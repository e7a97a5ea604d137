import { z } from 'zod';
import { adminListQuerySchema } from './admin';
import { dateFilter, inDateOrder } from './date-filters';
import { formatDate } from './dates';
import { optionList, optionValues, type OptionValue } from './options';
import { REPAIR_SERVICE_IDS } from './repair-services';
import { type PickupSlot } from './repair-calendar';
import { pickupSlotFields } from './repairs';
import {
  RETURN_KINDS,
  RETURN_STATUSES,
  type ReturnKind,
  type ReturnMove,
  type ReturnStatus,
  type ReturnTimelineStep,
} from './return-moves';
import { photoList } from './sell-form';
import { POLICIES } from './store';
import { optionalMultiline, requiredMultiline } from './text-fields';

/**
 * Returns and warranty claims: the windows the policy pages promise (from POLICIES), the request the
 * customer sends, the staff's payloads, and the views each reader gets. The statuses and moves are
 * in return-moves.ts.
 */

/** RET- and nine digits, like a repair booking's number: six of the clock, three at random. */
export const RETURN_NUMBER_PATTERN = /^RET-\d{9}$/;

export const MAX_RETURN_PHOTOS = 4;

export const RETURN_REASONS = optionList({
  faulty: 'Faulty or not working',
  battery: `Battery capacity below ${POLICIES.batteryReplacementThresholdPercent}%`,
  damaged_in_delivery: 'Damaged in delivery',
  not_as_described: 'Not as described',
  wrong_item: 'Wrong item received',
  changed_mind: 'Changed my mind',
  repair_failed: 'The repair did not hold',
  other: 'Other',
});
export type ReturnReason = OptionValue<typeof RETURN_REASONS>;
const REASON_VALUES = optionValues(RETURN_REASONS);
export const reasonLabel = (value: string) => RETURN_REASONS.find((r) => r.value === value)?.label ?? value;

/** What the inspecting agent found the device to be. */
export const INSPECTION_CONDITIONS = ['Like new', 'Minor wear', 'Visible wear', 'Faulty', 'Damaged'] as const;

// ---------------------------------------------------------------------------------------------
// The windows: each kind from its own start, for as long as POLICIES says.
// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** When a request of `kind` stops being accepted, counted from delivery (or the repair's return). */
export function windowEnd(kind: ReturnKind, from: Date): Date {
  if (kind === 'return') return new Date(from.getTime() + POLICIES.returnDays * DAY_MS);
  if (kind === 'repair_warranty') return new Date(from.getTime() + POLICIES.repairWarrantyDays * DAY_MS);
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + POLICIES.deviceWarrantyMonths);
  return end;
}

/** How each window is worded, after the date it ended on. */
const WINDOW_WORDS: Record<ReturnKind, string> = {
  return: `Returns for this order closed on {date}, ${POLICIES.returnDays} days after delivery`,
  warranty: `The ${POLICIES.deviceWarrantyMonths}-month warranty on this order ended on {date}`,
  repair_warranty: `The ${POLICIES.repairWarrantyDays}-day warranty on this repair ended on {date}`,
};

/** Why a request of `kind` is refused at `now`, naming the day its window ended; null while it is open. */
export function windowRefusal(kind: ReturnKind, from: Date, now: Date): string | null {
  const end = windowEnd(kind, from);
  return now.getTime() <= end.getTime() ? null : WINDOW_WORDS[kind].replace('{date}', formatDate(end));
}

export const RETURN_MESSAGES = {
  chooseUnits: 'Choose at least one unit to return',
  chooseReason: 'Choose a reason from the list',
  tooManyPhotos: `Add at most ${MAX_RETURN_PHOTOS} photos`,
  addressRequired: 'Pickup address is required',
  notDelivered: 'This order has not been delivered yet: a request can be opened once it arrives',
  notYours: 'Return request not found',
  repairNotReturned: 'This repair is not finished yet: its warranty starts once the device is back with you',
  repairHasRequest: 'This repair already has an open warranty request',
  unitsUnavailable: (name: string, left: number) =>
    left === 0
      ? `Every unit of ${name} is already returned or in an open request`
      : `Only ${left} unit${left === 1 ? '' : 's'} of ${name} can still be returned`,
  notOnOrder: 'This device is not on the order',
  opened: (number: string) => `Request ${number} opened. We have emailed you its details.`,
  cancelled: 'Request cancelled. Nobody will come to collect the device.',
  refundInProgress: 'A refund of this request is already under way',
  refundFailed: 'Failed to process refund',
  noStock: 'No unit of this device is in stock to send as a replacement',
} as const;

// ---------------------------------------------------------------------------------------------
// Payloads.
// ---------------------------------------------------------------------------------------------

const upper = z.string().trim().toUpperCase();

/**
 * POST /api/returns: a return or warranty claim from an order (the units of its lines) or a repair
 * warranty from a finished repair; the reason, a description, up to 4 photos, and where and when
 * our agent collects the device (a repairs pickup slot).
 */
export const openReturnSchema = z
  .object({
    kind: z.enum(RETURN_KINDS, { error: 'Choose a return or a warranty claim' }),
    orderNumber: upper.max(40).optional().default(''),
    repairNumber: upper.max(40).optional().default(''),
    // A line left at 0 units is no line: the form lists every line, the request only those chosen.
    items: z
      .preprocess(
        (value) =>
          Array.isArray(value)
            ? value.filter((item) => Number((item as { quantity?: unknown })?.quantity) !== 0)
            : value,
        z
          .array(
            z.object({
              deviceId: z.uuid({ error: 'Unknown device' }),
              quantity: z.coerce.number().int('Choose a whole number of units').min(1).max(99),
            }),
          )
          .max(50),
      )
      .optional()
      .default([]),
    reason: z.enum(REASON_VALUES, { error: RETURN_MESSAGES.chooseReason }),
    description: requiredMultiline('Description', 2000, 'Describe the problem'),
    photos: photoList(MAX_RETURN_PHOTOS, RETURN_MESSAGES.tooManyPhotos),
    pickupAddress: requiredMultiline('Pickup address', 300, RETURN_MESSAGES.addressRequired),
    ...pickupSlotFields,
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'repair_warranty') {
      if (!input.repairNumber) ctx.addIssue({ code: 'custom', path: ['repairNumber'], message: 'Repair not found' });
      return;
    }
    if (!input.orderNumber) ctx.addIssue({ code: 'custom', path: ['orderNumber'], message: 'Order not found' });
    if (input.items.length === 0)
      ctx.addIssue({ code: 'custom', path: ['items'], message: RETURN_MESSAGES.chooseUnits });
  });
export type OpenReturnInput = z.input<typeof openReturnSchema>;
export type OpenReturn = z.output<typeof openReturnSchema>;

/** The admin's Decline: the reason, which the customer is told. */
export const declineReturnSchema = z.object({
  reason: requiredMultiline('Reason', 500, 'Give a reason for declining'),
});

/** The admin's Schedule Collection (and its reassign or reschedule): an active agent and a slot. */
export const scheduleCollectionSchema = z.object({
  agentId: z.uuid({ error: 'Choose an agent' }),
  ...pickupSlotFields,
});
export type ScheduleCollectionInput = z.input<typeof scheduleCollectionSchema>;

/** The agent's inspection: what they found, whether it can be sold again, notes and up to 4 photos. */
export const inspectReturnSchema = z.object({
  conditionFound: z.enum(INSPECTION_CONDITIONS, { error: 'Choose the condition found' }),
  sellable: z.boolean({ error: 'Say whether the device can be sold again' }),
  notes: requiredMultiline('Notes', 2000, 'Write what you found'),
  photos: photoList(MAX_RETURN_PHOTOS, RETURN_MESSAGES.tooManyPhotos),
});
export type InspectReturnInput = z.input<typeof inspectReturnSchema>;

/** The admin's Return to Customer: an optional note, for the audit log. */
export const resolveReturnSchema = z.object({ note: optionalMultiline('Note', 500) });

/** The admin's Repair Under Warranty: the service the job needs (a repair's warranty defaults to its own). */
export const repairReturnSchema = z.object({
  service: z.enum(REPAIR_SERVICE_IDS, { error: 'Choose a repair service' }).optional(),
});

/** GET /api/admin/returns and its export: the list query, a status, a kind and the date opened. */
export const adminReturnQuerySchema = inDateOrder(
  adminListQuerySchema.extend({
    status: z
      .enum(['', 'open', ...RETURN_STATUSES], { error: 'Unknown status' })
      .optional()
      .default(''),
    kind: z
      .enum(['', ...RETURN_KINDS], { error: 'Unknown kind' })
      .optional()
      .default(''),
    from: dateFilter('From'),
    to: dateFilter('To'),
  }),
);
export type AdminReturnQuery = z.output<typeof adminReturnQuerySchema>;
export const ADMIN_RETURN_FILTERS = ['q', 'status', 'kind', 'from', 'to'] as const;

// ---------------------------------------------------------------------------------------------
// Views.
// ---------------------------------------------------------------------------------------------

export interface ReturnUnitView {
  deviceId: string;
  name: string;
  quantity: number;
  /** The unit price paid, whole currency units. */
  price: number;
}

/** What anyone holding a RET number sees (the track page, the chat): status and dates. */
export interface ReturnSummary {
  returnNumber: string;
  kind: ReturnKind;
  status: ReturnStatus;
  createdAt: string;
  statusHistory: { status: ReturnStatus; date: string }[];
  timeline: ReturnTimelineStep[];
}

/** The whole request, for its owner (the order's link or the customer's session) and staff. */
export interface ReturnRequestView extends ReturnSummary {
  orderNumber: string | null;
  repairNumber: string | null;
  reason: ReturnReason;
  description: string;
  units: ReturnUnitView[];
  pickupAddress: string;
  pickupDate: string;
  pickupTime: PickupSlot;
  agentFirstName: string | null;
  declineReason: string | null;
  /** Minor units refunded (once resolved as refunded). */
  refundAmount: number | null;
  currency: string;
  /** The free repair job (REP-...) or the replacement order (ORD-...) the request opened. */
  repairJobNumber: string | null;
  replacementOrderNumber: string | null;
  history: { status: ReturnStatus; description: string; date: string }[];
  photoCount: number;
  /** What the customer may still do: cancel while it is not collected. */
  moves: ReturnMove[];
}

/** GET /api/track/RET-...: the summary to anyone; `details` to its owner. */
export interface TrackedReturn extends ReturnSummary {
  details: ReturnRequestView | null;
}

/** What an order can still send back, line by line, and until when (the order page, the request form). */
export interface ReturnableOrder {
  orderNumber: string;
  deliveredAt: string | null;
  /** When each kind's window closes (null until delivered). */
  returnUntil: string | null;
  warrantyUntil: string | null;
  /** Whether each window is still open now, by the store's clock. */
  returnOpen: boolean;
  warrantyOpen: boolean;
  lines: { deviceId: string; name: string; price: number; bought: number; returnable: number }[];
  requests: { returnNumber: string; kind: ReturnKind; status: ReturnStatus; createdAt: string }[];
  shippingAddress: string;
}

/** A finished repair a warranty request can be opened from. */
export interface WarrantableRepair {
  repairNumber: string;
  returnedAt: string;
  warrantyUntil: string;
  device: string;
  address: string;
  openRequest: string | null;
}

export interface AdminReturnRow {
  returnNumber: string;
  kind: ReturnKind;
  status: ReturnStatus;
  orderNumber: string | null;
  repairNumber: string | null;
  customerName: string;
  customerEmail: string;
  units: number;
  agent: { id: string; name: string } | null;
  pickupDate: string;
  pickupTime: PickupSlot;
  createdAt: string;
  updatedAt: string;
}

export interface ReturnInspection {
  conditionFound: string;
  sellable: boolean;
  notes: string;
  photoCount: number;
  inspectedAt: string;
  /** What happened to the unit once resolved: back on sale, or written off. */
  stock: 'restocked' | 'written_off' | null;
}

export interface AdminReturnDetail extends AdminReturnRow {
  view: ReturnRequestView;
  customerPhone: string;
  inspection: ReturnInspection | null;
  order: { totalAmount: number; currency: string; paymentReference: string; refundable: number } | null;
  moves: ReturnMove[];
  audit: { action: string; actor: string | null; at: string; details: Record<string, unknown> | null }[];
}

/** The agent's collection card: what they need to collect and inspect the device. */
export interface AgentCollection {
  returnNumber: string;
  kind: ReturnKind;
  status: ReturnStatus;
  customerName: string;
  customerPhone: string;
  pickupAddress: string;
  pickupDate: string;
  pickupTime: PickupSlot;
  units: ReturnUnitView[];
  reason: ReturnReason;
  description: string;
  inspection: ReturnInspection | null;
}

/** The write-offs report: units that came back unsellable, and what they had been sold for. */
export interface ReturnWriteOffs {
  units: number;
  /** Whole currency units. */
  value: number;
}

export interface ReturnsOverview {
  open: number;
  /** Days the oldest open request has waited. */
  oldestOpenDays: number | null;
  byStatus: { status: ReturnStatus; count: number }[];
  writeOffs: ReturnWriteOffs;
}

/** Every staff move's reply: what was done, and the request as the list shows it. */
export interface ReturnMoveReply {
  message: string;
  request: AdminReturnRow;
}

export type AdminReturnList = {
  items: AdminReturnRow[];
  total: number;
  page: number;
  pageSize: number;
  writeOffs: ReturnWriteOffs;
};
