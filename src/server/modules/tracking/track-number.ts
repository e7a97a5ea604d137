import type { TrackReply } from '../../../shared/tracking';
import { normaliseNumber } from '../../../shared/trade-ins';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { getOrderTracking, type OrderAccess } from '../orders';
import { trackRepair } from '../repairs';
import { trackReturn } from '../returns';
import { getTrackedTradeIn, tradeInNotFound, type Viewer } from '../trade-ins';

interface TrackRequest {
  db: Database;
  config: Config;
  number: string;
  /** The signed-in user, if any: a trade-in's or booking's own customer sees its contact details. */
  viewer: Viewer;
  /** What opens an order's details: the link's token, the customer's session, the admin. */
  orderAccess: OrderAccess;
}

/**
 * GET /api/track/:number: one box for a sale (TXN...), an order (ORD-...), a repair booking
 * (REP-...) or a return (RET-...), each answered by the read of the module that owns it. Any number none of them knows is
 * the same 404, so a stranger cannot tell an unknown order from an unknown trade-in.
 */
export async function trackNumber({ db, config, number, viewer, orderAccess }: TrackRequest): Promise<TrackReply> {
  const reference = normaliseNumber(number);
  if (reference.startsWith('ORD-')) {
    const order = await getOrderTracking({ db, orderNumber: reference, access: orderAccess });
    if (order) return { kind: 'order', order };
  } else if (reference.startsWith('TXN')) {
    return { kind: 'trade-in', tradeIn: await getTrackedTradeIn({ db, number: reference, viewer }) };
  } else if (reference.startsWith('REP-')) {
    const repair = await trackRepair({ db, bookingNumber: reference, viewerId: viewer?.id ?? null });
    if (repair) return { kind: 'repair', repair };
  } else if (reference.startsWith('RET-')) {
    // Its status and dates to anyone; the whole request to whoever may open its order (or its own customer).
    const request = await trackReturn({ db, config, returnNumber: reference, access: orderAccess });
    if (request) return { kind: 'return', request };
  }
  throw tradeInNotFound();
}
