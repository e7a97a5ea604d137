import type { RepairTrackingView } from './repairs';
import type { TrackedTradeIn } from './trade-ins';

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

/** GET /api/track/:number: one box for a sale (TXN...), an order (ORD-...) or a repair booking (REP-...). */
export type TrackReply =
  | { kind: 'trade-in'; tradeIn: TrackedTradeIn }
  | { kind: 'order'; order: TrackedOrder }
  | { kind: 'repair'; repair: RepairTrackingView };
