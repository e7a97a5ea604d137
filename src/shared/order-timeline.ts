import { ORDER_STATUSES, type OrderStatus } from './orders';
import { firstReached } from './timelines';

/** A step of an order's timeline: reached (with its time), passed over without being reached, or still to come. */
export type OrderStepState = 'done' | 'skipped' | 'upcoming';

export interface OrderTimelineStep {
  status: OrderStatus;
  state: OrderStepState;
  /** When the order reached it: the first time, for a done step; null otherwise. */
  date: string | null;
}

/** The way an order goes when nothing stops it. */
const PATH: OrderStatus[] = ORDER_STATUSES.filter((status) => status !== 'cancelled');

/**
 * The track page's timeline of an order: each step of its way once, with the time it was first
 * reached; a step the order went past without an entry is skipped, not upcoming. A cancelled order
 * shows its way up to the last step it reached, then Cancelled.
 */
export function orderTimeline(order: {
  status: string;
  statusHistory: { status: string; date: string }[];
}): OrderTimelineStep[] {
  const reached = firstReached(order.statusHistory);
  const cancelled = order.status === 'cancelled';
  const last = cancelled
    ? Math.max(0, ...PATH.map((status, i) => (reached.has(status) ? i : 0)))
    : PATH.indexOf(order.status as OrderStatus);
  const steps: OrderTimelineStep[] = (cancelled ? PATH.slice(0, last + 1) : PATH).map((status, i) => {
    const date = reached.get(status) ?? null;
    if (i > last) return { status, state: 'upcoming', date: null };
    return date ? { status, state: 'done', date } : { status, state: 'skipped', date: null };
  });
  if (cancelled) steps.push({ status: 'cancelled', state: 'done', date: reached.get('cancelled') ?? null });
  return steps;
}
