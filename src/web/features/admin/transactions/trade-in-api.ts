import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListingDraft, ListTradeInInput, ListTradeInReply } from '../../../../shared/stock-listing';
import type { RevealedPayoutAccount, TradeInDetail } from '../../../../shared/trade-in-detail';
import type { AnySaleStatus } from '../../../../shared/trade-in-statuses';
import type { BadgeTone } from '../../../components/status-badge';
import { api } from '../../../lib/api';
import { usePagedList } from '../../../lib/use-paged-list';

/**
 * The admin's trade-in routes: the list is paged, filtered and searched on the server; each move
 * answers { message, tradeIn }. The row type is the part of the server's StaffTradeIn this tab reads.
 */
export interface TradeInRow {
  transactionNumber: string;
  customerName: string;
  customerEmail: string;
  deviceInfo: string;
  status: AnySaleStatus;
  estimatedValue: number;
  offeredAmount: number | null;
  submittedDate: string;
  agentId: string | null;
  agentName: string | null;
}

const base = '/api/admin/trade-ins';
const path = (number: string, action: string) => `${base}/${encodeURIComponent(number)}/${action}`;
type MoveReply = { message: string };

export const tradeInActions = {
  confirm: (number: string) => api.post<MoveReply>(path(number, 'confirm')),
  assign: (number: string, agentId: string) => api.post<MoveReply>(path(number, 'assign'), { agentId }),
  markPaid: (number: string, payoutReference: string) =>
    api.post<MoveReply>(path(number, 'mark-paid'), { payoutReference }),
  /** A declined device back with its seller, and how it went back. */
  returnDevice: (number: string, note: string) => api.post<MoveReply>(path(number, 'return-device'), { note }),
  /** List for sale: one unit of a paid trade-in on the storefront (a new listing or one more of an identical one). */
  list: (number: string, form: ListTradeInInput) => api.post<ListTradeInReply>(path(number, 'list'), form),
  /** The whole account number; the server writes who revealed it to the audit log. */
  revealAccount: (number: string) => api.post<RevealedPayoutAccount>(path(number, 'payout-account/reveal')),
};

const TRADE_IN_KEYS = { all: ['admin', 'trade-ins'] as const };

/** The Transactions tab's list. */
export const useTradeInList = () => usePagedList<TradeInRow>(TRADE_IN_KEYS.all, base);

/** One trade-in in full (the detail dialog, the Mark Paid dialog's account); refreshed with the list. */
export const useTradeInDetail = (number: string) =>
  useQuery({
    queryKey: [...TRADE_IN_KEYS.all, 'detail', number],
    queryFn: () => api.get<TradeInDetail>(`${base}/${encodeURIComponent(number)}`),
  });

/** The List for sale form of a paid trade-in, prefilled by the server with its suggested price. */
export const useListingDraft = (number: string) =>
  useQuery({
    queryKey: [...TRADE_IN_KEYS.all, 'listing', number],
    queryFn: () => api.get<ListingDraft>(path(number, 'listing')),
  });

export function useRefreshTradeIns() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: TRADE_IN_KEYS.all });
}

/**
 * A sale's badge: waiting on the store amber, with an agent blue, the offer purple, paid green, declined red,
 * its device returned grey.
 */
export const SALE_STATUS_TONES: Partial<Record<AnySaleStatus, BadgeTone>> = {
  'Awaiting Confirmation': 'amber',
  Confirmed: 'amber',
  'Assigned to Agent': 'blue',
  'Device Assessed': 'blue',
  'Awaiting Offer': 'blue',
  'Offer Made': 'purple',
  'Awaiting Payment': 'amber',
  Paid: 'green',
  'Offer Declined': 'red',
  'Device Returned': 'grey',
  Listed: 'green',
};
