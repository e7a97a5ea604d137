import type { TrackReply } from '../../../shared/tracking';
import { normaliseNumber } from '../../../shared/trade-ins';
import type { Database } from '../../db/client';
import { getOrderTracking, type OrderAccess } from '../orders';
import { trackRepair } from '../repairs';
import { getTrackedTradeIn, tradeInNotFound, type Viewer } from '../trade-ins';

interface TrackRequest {
  db: Database;
  number: string;
  /** The signed-in user, if any: a trade-in's or booking's own customer sees its contact details. */
  viewer: Viewer;
  /** What opens an order's details: the link's token, the customer's session, the admin. */
  orderAccess: OrderAccess;
}

/**
 * GET /api/track/:number: one box for a sale (TXN...), an order (ORD-...) or a repair booking
 * (REP-...), each answered by the read of the module that owns it. Any number none of them knows is
 * the same 404, so a stranger cannot tell an unknown order from an unknown trade-in.
 */
export async function trackNumber({ db, number, viewer, orderAccess }: TrackRequest): Promise<TrackReply> {
  const reference = normaliseNumber(number);
  if (reference.startsWith('ORD-')) {
    const order = await getOrderTracking({ db, orderNumber: reference, access: orderAccess });
    if (order) return { kind: 'order', order };
  } else if (reference.startsWith('TXN')) {
    return { kind: 'trade-in', tradeIn: await getTrackedTradeIn({ db, number: reference, viewer }) };
  } else if (reference.startsWith('REP-')) {
    const repair = await trackRepair({ db, bookingNumber: reference, viewerId: viewer?.id ?? null });
    if (repair) return { kind: 'repair', repair };
  }
  throw tradeInNotFound();
}
