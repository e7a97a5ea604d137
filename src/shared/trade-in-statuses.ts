import { firstReached, timelineSteps, type TimelineStep } from './timelines';

/**
 * The statuses a trade-in passes through (spec 001 section 4, plus 'Offer Declined'), what each means
 * to the customer, and the moves between them with who may make them from where (decision 022).
 */

/** Sale transaction statuses in order (spec 001 section 4). */
export const SALE_STATUSES = [
  'Awaiting Confirmation',
  'Confirmed',
  'Assigned to Agent',
  'Device Assessed',
  'Awaiting Offer',
  'Offer Made',
  'Awaiting Payment',
  'Paid',
] as const;

/**
 * Statuses after the spec's: a customer's answer to an offer (the spec leaves it unshown), a declined
 * device sent back to its seller (decision 096), and a paid device the admin put on sale (the store's
 * own step: the seller's timeline ends at Paid).
 */
const SALE_END_STATUSES = ['Offer Declined', 'Device Returned', 'Listed'] as const;
export const ALL_SALE_STATUSES = [...SALE_STATUSES, ...SALE_END_STATUSES] as const;
export type AnySaleStatus = (typeof ALL_SALE_STATUSES)[number];

export const STATUS_DESCRIPTIONS: Partial<Record<AnySaleStatus, string>> = {
  'Awaiting Confirmation': 'Device details submitted for review',
  Confirmed: 'Submission confirmed by our team',
  'Assigned to Agent': 'An agent has been assigned to assess your device',
  'Device Assessed': 'Device assessment completed',
  'Awaiting Offer': 'Preparing your offer',
  'Offer Made': 'Offer submitted and awaiting customer response',
  'Awaiting Payment': 'Offer accepted, payment is being processed',
  Paid: 'Payment sent to your account',
  'Offer Declined': 'Offer declined by the customer',
  'Device Returned': 'Device returned to the customer',
  Listed: 'Paid, and the device is now for sale in our store',
};
export const UNKNOWN_STATUS_DESCRIPTION = 'Status updated';

export function statusDescription(status: string): string {
  return STATUS_DESCRIPTIONS[status as AnySaleStatus] ?? UNKNOWN_STATUS_DESCRIPTION;
}

/** The statuses an agent's trade-in can rest in, for the agent's status filter: each one from its assignment on. */
export const AGENT_SALE_STATUSES = ALL_SALE_STATUSES.slice(ALL_SALE_STATUSES.indexOf('Assigned to Agent'));

// ---------------------------------------------------------------------------------------------
// The moves of a trade-in, who makes them and from where (decision 022).
// ---------------------------------------------------------------------------------------------

export const TRADE_IN_MOVES = {
  confirm: { from: ['Awaiting Confirmation'], to: 'Confirmed', refusal: 'it can only be confirmed from' },
  assign: {
    from: ['Confirmed', 'Assigned to Agent'],
    to: 'Assigned to Agent',
    refusal: 'an agent can only be assigned from',
  },
  // Assessing rests in 'Device Assessed', as spec 001 says (decision 095).
  assess: { from: ['Assigned to Agent'], to: 'Device Assessed', refusal: 'it can only be marked as assessed from' },
  // 'Awaiting Offer' stays a start for trade-ins assessed before decision 095, which rested there.
  offer: {
    from: ['Assigned to Agent', 'Device Assessed', 'Awaiting Offer'],
    to: 'Offer Made',
    refusal: 'an offer can only be made from',
  },
  // A new amount before the seller answers: it stays 'Offer Made', with a history entry of its own.
  revise: {
    from: ['Offer Made'],
    to: 'Offer Made',
    refusal: 'an offer can only be revised before the seller answers it, in',
  },
  accept: { from: ['Offer Made'], to: 'Awaiting Payment', refusal: 'an offer can only be accepted from' },
  decline: { from: ['Offer Made'], to: 'Offer Declined', refusal: 'an offer can only be declined from' },
  markPaid: { from: ['Awaiting Payment'], to: 'Paid', refusal: 'it can only be marked paid from' },
  // A declined device back with its seller (decision 096): the trade-in's last step.
  returnDevice: {
    from: ['Offer Declined'],
    to: 'Device Returned',
    refusal: 'its device can only be recorded as returned from',
  },
  // The device becomes stock: a unit of a listed device, once (a second try finds it Listed).
  list: { from: ['Paid'], to: 'Listed', refusal: 'it can only be listed for sale from' },
} as const satisfies Record<string, { from: readonly AnySaleStatus[]; to: AnySaleStatus; refusal: string }>;
export type TradeInMove = keyof typeof TRADE_IN_MOVES;

/**
 * The statuses in which a trade-in can be given to another agent: before any agent ('Confirmed',
 * which the assignment moves on) and while its agent still has work on it or the seller's answer
 * waits. Once answered, the agent who made the offer stays on record.
 */
export const REASSIGNABLE_STATUSES = [
  'Confirmed',
  'Assigned to Agent',
  'Device Assessed',
  'Awaiting Offer',
  'Offer Made',
] as const satisfies readonly AnySaleStatus[];

/** "This trade-in is Paid; it can only be given to another agent in Confirmed, Assigned to Agent, ..." */
export const reassignRefusal = (status: string) =>
  `This trade-in is ${status}; it can only be given to an agent in ${REASSIGNABLE_STATUSES.slice(0, -1).join(', ')} or ${REASSIGNABLE_STATUSES.at(-1)}`;

/** "This trade-in is Offer Made; an offer can only be made from Assigned to Agent or Awaiting Offer" */
export function moveRefusal(move: TradeInMove, status: string): string {
  const { from, refusal } = TRADE_IN_MOVES[move];
  const list = from.length > 1 ? `${from.slice(0, -1).join(', ')} or ${from[from.length - 1]}` : from[0];
  return `This trade-in is ${status}; ${refusal} ${list}`;
}

// ---------------------------------------------------------------------------------------------
// The track page's timeline of a trade-in.
// ---------------------------------------------------------------------------------------------

/**
 * One step of the timeline (an offer made without an assessment skips 'Device Assessed' and 'Awaiting
 * Offer'); upcoming is not 'pending', a status name of its own elsewhere.
 */
export type TradeInTimelineStep = TimelineStep<AnySaleStatus>;

/**
 * The statuses the timeline shows: the spec's eight, or up to the offer and then 'Offer Declined' and
 * the device's way back to its seller.
 */
function timelineStatuses(status: AnySaleStatus): AnySaleStatus[] {
  if (status !== 'Offer Declined' && status !== 'Device Returned') return [...SALE_STATUSES];
  return [...SALE_STATUSES.slice(0, SALE_STATUSES.indexOf('Offer Made') + 1), 'Offer Declined', 'Device Returned'];
}

/**
 * The timeline from the history (oldest first): one step per status, at the time it was first
 * reached (a revised offer or a reassignment adds history, not steps).
 */
export function tradeInTimeline(
  status: AnySaleStatus,
  history: readonly { status: string; date: string }[],
): TradeInTimelineStep[] {
  return timelineSteps(timelineStatuses(status), status, firstReached(history));
}
