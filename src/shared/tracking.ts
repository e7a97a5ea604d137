import { z } from 'zod';
import type { RepairTrackingView } from './repairs';
import type { TrackedReturn } from './returns';
import { normaliseNumber, type TrackedTradeIn } from './trade-ins';

/** Longer than any number we give out (TXN + 16 digits is the longest), short enough to refuse a paste of a whole email. */
export const TRACK_NUMBER_MAX = 40;

export const TRACK_MESSAGES = {
  required: 'Enter your transaction, order, repair booking or return number',
  tooLong: `That is longer than any of our numbers (at most ${TRACK_NUMBER_MAX} characters): check the number you entered`,
} as const;

/** The track box, and GET /api/track/:number's parameter: trimmed and upper-cased, as the numbers are stored. */
export const trackNumberSchema = z
  .string({ error: TRACK_MESSAGES.required })
  .transform(normaliseNumber)
  .pipe(z.string().min(1, TRACK_MESSAGES.required).max(TRACK_NUMBER_MAX, TRACK_MESSAGES.tooLong));
export const trackParamsSchema = z.object({ number: trackNumberSchema });

/** An order as the track page shows it: its status and dates to anyone holding the number. */
export interface TrackedOrder {
  orderNumber: string;
  status: string;
  createdAt: string;
  /** Each status the order reached, once, at its first time, Pending (the placing) first: see order-timeline.ts. */
  statusHistory: { status: string; date: string }[];
  /** For a holder of the order's link, its signed-in customer and the admin; null for anyone else. */
  details: {
    itemCount: number;
    totalAmount: number;
    currency: string;
    trackingNumber: string | null;
    courier: string | null;
  } | null;
}

/** GET /api/track/:number: one box for a sale (TXN...), an order (ORD-...), a repair booking (REP-...) or a return (RET-...). */
export type TrackReply =
  | { kind: 'trade-in'; tradeIn: TrackedTradeIn }
  | { kind: 'order'; order: TrackedOrder }
  | { kind: 'repair'; repair: RepairTrackingView }
  | { kind: 'return'; request: TrackedReturn };
