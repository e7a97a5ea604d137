import { statusTable, valuesOf } from './options';
import { firstReached, timelineSteps, type TimelineStep } from './timelines';

/**
 * A return or warranty claim's statuses and the moves between them, with who makes each and from
 * where: the one table the server enforces (returns/moves.ts refuses any other move with 409 saying
 * why) and the screens read to offer a button.
 */

/** Each status's label, and the history line it writes (the emails and the timeline repeat it). */
const RETURN_STATUS = statusTable({
  requested: { label: 'Requested', description: 'Request received; our team will review it within 1-2 business days' },
  approved: { label: 'Approved', description: 'Request approved; we will schedule the collection' },
  declined: { label: 'Declined', description: 'Request declined' },
  collection_scheduled: { label: 'Collection Scheduled', description: 'Collection scheduled with our agent' },
  collected: { label: 'Collected', description: 'Device collected by our agent' },
  inspected: { label: 'Inspected', description: 'Device inspected at our workshop' },
  refunded: { label: 'Refunded', description: 'Refund sent to the card you paid with' },
  repaired: { label: 'Repaired', description: 'Warranty repair opened at no charge' },
  replaced: { label: 'Replaced', description: 'A replacement is on its way' },
  returned_to_customer: { label: 'Returned to customer', description: 'Device returned to you' },
  cancelled: { label: 'Cancelled', description: 'Request cancelled' },
});
export const RETURN_STATUS_LABELS = RETURN_STATUS.labels;
export const RETURN_STATUSES = RETURN_STATUS.values;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_DESCRIPTIONS = RETURN_STATUS.descriptions;

/** How a request ends once inspected: the outcomes the admin chooses between. */
export const RETURN_OUTCOMES = ['refunded', 'repaired', 'replaced', 'returned_to_customer'] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

/** A request still in hand: it holds its units, and an agent may be carrying the device. */
export const RETURN_OPEN_STATUSES = [
  'requested',
  'approved',
  'collection_scheduled',
  'collected',
  'inspected',
] as const satisfies readonly ReturnStatus[];
export const isOpenReturn = (status: string) => (RETURN_OPEN_STATUSES as readonly string[]).includes(status);

/** The statuses in which an agent has the collection in hand (their dashboard, their hand-over). */
export const RETURN_AGENT_STATUSES = ['collection_scheduled', 'collected'] as const satisfies readonly ReturnStatus[];

export const RETURN_KIND_LABELS = {
  return: 'Return',
  warranty: 'Warranty claim',
  repair_warranty: 'Repair warranty',
};
export const RETURN_KINDS = valuesOf(RETURN_KIND_LABELS);
export type ReturnKind = (typeof RETURN_KINDS)[number];

type Who = 'customer' | 'admin' | 'agent';

/**
 * The moves: from which statuses, to which, by whom, and for which kinds of request. A refund
 * gives back order money, so a repair's warranty (no order) cannot be refunded; a replacement ships
 * the same device as a new order, likewise; a warranty repair needs a fault, so a plain return
 * (changed mind, not as described) is refunded, replaced or sent back instead.
 */
export const RETURN_MOVES = {
  approve: { label: 'Approve', from: ['requested'], to: 'approved', by: 'admin', kinds: RETURN_KINDS },
  decline: { label: 'Decline', from: ['requested'], to: 'declined', by: 'admin', kinds: RETURN_KINDS },
  /** An agent and a slot; again while scheduled, to give it to another agent or another slot. */
  schedule: {
    label: 'Schedule Collection',
    from: ['approved', 'collection_scheduled'],
    to: 'collection_scheduled',
    by: 'admin',
    kinds: RETURN_KINDS,
  },
  cancel: {
    label: 'Cancel Request',
    from: ['requested', 'approved', 'collection_scheduled'],
    to: 'cancelled',
    by: 'customer',
    kinds: RETURN_KINDS,
  },
  collect: {
    label: 'Mark Collected',
    from: ['collection_scheduled'],
    to: 'collected',
    by: 'agent',
    kinds: RETURN_KINDS,
  },
  inspect: { label: 'Record Inspection', from: ['collected'], to: 'inspected', by: 'agent', kinds: RETURN_KINDS },
  refund: { label: 'Refund', from: ['inspected'], to: 'refunded', by: 'admin', kinds: ['return', 'warranty'] },
  repair: {
    label: 'Repair Under Warranty',
    from: ['inspected'],
    to: 'repaired',
    by: 'admin',
    kinds: ['warranty', 'repair_warranty'],
  },
  replace: { label: 'Replace', from: ['inspected'], to: 'replaced', by: 'admin', kinds: ['return', 'warranty'] },
  sendBack: {
    label: 'Return to Customer',
    from: ['inspected'],
    to: 'returned_to_customer',
    by: 'admin',
    kinds: RETURN_KINDS,
  },
} as const satisfies Record<
  string,
  { label: string; from: readonly ReturnStatus[]; to: ReturnStatus; by: Who; kinds: readonly ReturnKind[] }
>;
export type ReturnMove = keyof typeof RETURN_MOVES;
export const RETURN_MOVE_NAMES = Object.keys(RETURN_MOVES) as ReturnMove[];

/** The 409 code of every move the table refuses. */
export const RETURN_MOVE_NOT_ALLOWED = 'RETURN_MOVE_NOT_ALLOWED';

const label = (status: string) => RETURN_STATUS_LABELS[status as ReturnStatus] ?? status;
const listed = (items: readonly string[]) =>
  items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** Whether the table allows `move` on a request of `kind` in `status`. */
export function isReturnMoveAllowed(move: ReturnMove, request: { status: string; kind: string }): boolean {
  const rule = RETURN_MOVES[move];
  return (
    (rule.from as readonly string[]).includes(request.status) &&
    (rule.kinds as readonly string[]).includes(request.kind)
  );
}

/** Every move the table allows on the request, in the table's order, for `who`. */
export const allowedReturnMoves = (request: { status: string; kind: string }, who: Who): ReturnMove[] =>
  RETURN_MOVE_NAMES.filter((move) => RETURN_MOVES[move].by === who && isReturnMoveAllowed(move, request));

/**
 * Why the table refuses `move`, or null: "This request is Collected; it can be cancelled only while
 * Requested, Approved or Collection Scheduled".
 */
export function returnMoveRefusal(move: ReturnMove, request: { status: string; kind: string }): string | null {
  if (isReturnMoveAllowed(move, request)) return null;
  const rule = RETURN_MOVES[move];
  if (!(rule.kinds as readonly string[]).includes(request.kind)) {
    const kind = RETURN_KIND_LABELS[request.kind as ReturnKind] ?? request.kind;
    return `A ${kind.toLowerCase()} cannot be resolved by '${rule.label}'`;
  }
  const from = listed(rule.from.map(label));
  return `This request is ${label(request.status)}; '${rule.label}' is allowed only while ${from}`;
}

// ---------------------------------------------------------------------------------------------
// The timeline a request shows its customer and the track page: every step, done, skipped or ahead.
// ---------------------------------------------------------------------------------------------

export type ReturnTimelineStep = TimelineStep<ReturnStatus>;

const MAIN_PATH = ['requested', 'approved', 'collection_scheduled', 'collected', 'inspected'] as const;

/** The statuses the timeline shows for a request resting in `status`. */
function timelineStatuses(status: ReturnStatus, reached: ReadonlyMap<string, string>): ReturnStatus[] {
  if (status === 'declined') return ['requested', 'declined'];
  // A cancel ends the path where it happened: the steps after it were not skipped, they never came.
  if (status === 'cancelled') return [...MAIN_PATH.filter((s) => reached.has(s)), 'cancelled'];
  if ((RETURN_OUTCOMES as readonly string[]).includes(status)) return [...MAIN_PATH, status];
  // Still open: the outcome is not known yet, so the path ends at the inspection.
  return [...MAIN_PATH];
}

/**
 * The timeline from the history (oldest first): one step per status at its first time; a step
 * never reached before one that was (a cancel before approval, a collection the admin marked without
 * scheduling) reads skipped.
 */
export function returnTimeline(
  status: ReturnStatus,
  history: readonly { status: string; date: string }[],
): ReturnTimelineStep[] {
  const first = firstReached(history);
  return timelineSteps(timelineStatuses(status, first), status, first);
}
