import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelRepairInput } from '../../../shared/repairs';
import type { TrackedTradeIn } from '../../../shared/trade-ins';
import type { TrackReply } from '../../../shared/tracking';
import { api } from '../../lib/api';
import { orderTokenHeaders } from '../../lib/order-token';
import { cancelRepairBooking } from '../../lib/repair-cancel';

/** What the seller does from /track: answer the offer, or change where an accepted one is paid. */
export type SellerAction = 'accept' | 'decline' | 'payout';

/** The cache key of a tracked number: the search fills it, what the visitor does from the page replaces it. */
const trackKey = (number: string) => ['track', number] as const;

/**
 * One endpoint answers for a sale (TXN...), an order (ORD-...) and a repair (REP-...). This browser's
 * token for an order it placed or opened from a link shows the order's details too.
 */
export const useTracked = (number: string) =>
  useQuery({
    queryKey: trackKey(number),
    queryFn: () =>
      api.get<TrackReply>(`/api/track/${encodeURIComponent(number)}`, {
        headers: number.startsWith('ORD-') ? orderTokenHeaders(number) : {},
      }),
    enabled: number !== '',
    retry: false,
  });

const tradeInPath = (number: string, action: string) => `/api/trade-ins/${encodeURIComponent(number)}/${action}`;

/** Emails the seller a new link to the trade-in, to the address on file. Resolves to the server's message. */
export const askSellerLink = async (number: string) =>
  (await api.post<{ message: string }>(tradeInPath(number, 'link'))).message;

/**
 * The seller's answer (or new payout account), proven by the link's token in `body` or their session;
 * the page then shows the trade-in as the server now has it. Resolves to the server's message.
 */
export function useSellerMove() {
  const client = useQueryClient();
  return async (action: SellerAction, number: string, body: object) => {
    type Reply = { message: string; tradeIn: TrackedTradeIn };
    const url = tradeInPath(number, action);
    const reply = await (action === 'payout' ? api.put<Reply>(url, body) : api.post<Reply>(url, body));
    const tracked: TrackReply = { kind: 'trade-in', tradeIn: reply.tradeIn };
    client.setQueryData(trackKey(number), tracked);
    return reply.message;
  };
}

/** Cancels a booking not yet picked up (the session, or the booking's email, proves it); the page shows it cancelled. */
export function useCancelRepair() {
  const client = useQueryClient();
  return async (bookingNumber: string, proof: CancelRepairInput) => {
    const reply = await cancelRepairBooking(bookingNumber, proof);
    const tracked: TrackReply = { kind: 'repair', repair: reply.repair };
    client.setQueryData(trackKey(bookingNumber), tracked);
    return reply.message;
  };
}
