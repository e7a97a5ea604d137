import type { WarrantableRepair } from '../../../shared/returns';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  AccountOrder,
  AddressInput,
  AddressReply,
  PaymentDetailsInput,
  PaymentDetailsReply,
} from '../../../shared/accounts';
import type { DataExportInput, DeleteAccountInput } from '../../../shared/personal-data';
import type { CustomerRepairSummary } from '../../../shared/repairs';
import type { AccountTradeIn } from '../../../shared/trade-ins';
import { ACCOUNT_KEYS } from '../../lib/account-reads';
import { api } from '../../lib/api';
import { cancelRepairBooking } from '../../lib/repair-cancel';
import { saveDownload } from '../../lib/save-download';

/**
 * The account page's own lists; the profile, address and payment details it shares with other pages
 * are read through lib/account-reads. Everything sits under ACCOUNT_KEYS.all, which a sign-in clears.
 */
const LISTS = { orders: 'orders', tradeIns: 'trade-ins', repairs: 'repairs' } as const;
type AccountList = keyof typeof LISTS;
const listKey = (list: AccountList) => [...ACCOUNT_KEYS.all, LISTS[list]] as const;

/** One list, read from `/api/account/<its path>`, which replies `{ [list]: rows }`. */
function useAccountList<Row, List extends AccountList>(list: List) {
  return useQuery({
    queryKey: listKey(list),
    queryFn: async () => (await api.get<Record<List, Row[]>>(`/api/account/${LISTS[list]}`))[list],
  });
}

export const useAccountOrders = () => useAccountList<AccountOrder, 'orders'>('orders');
export const useAccountTradeIns = () => useAccountList<AccountTradeIn, 'tradeIns'>('tradeIns');
export const useAccountRepairs = () => useAccountList<CustomerRepairSummary, 'repairs'>('repairs');

/** The finished repairs whose warranty can be claimed, with its last day (the returns module's read). */
export const useWarrantyRepairs = () =>
  useQuery({
    queryKey: [...ACCOUNT_KEYS.all, 'warranty-repairs'],
    queryFn: () => api.get<WarrantableRepair[]>('/api/account/warranty-repairs'),
  });

/** The signed-in owner cancels a booking not yet picked up (their session is the proof). */
export function useCancelRepair() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bookingNumber: string) => cancelRepairBooking(bookingNumber),
    onSettled: () => client.invalidateQueries({ queryKey: listKey('repairs') }),
  });
}

/**
 * A PUT of a record other pages read too: the saved record the server answers with replaces the
 * cached read (`key`), so every page shows the change at once. Resolves to the server's message.
 */
function useSave<Input, Saved>(path: string, key: QueryKey, cached: (reply: Saved) => Saved) {
  const client = useQueryClient();
  return async (input: Input) => {
    const reply = await api.put<Saved & { message: string }>(path, input);
    client.setQueryData(key, cached(reply));
    return reply.message;
  };
}

/** Where the customer lives (the repair booking starts from it). */
export const useSaveAddress = () =>
  useSave<AddressInput, AddressReply>('/api/account/address', ACCOUNT_KEYS.address, ({ address }) => ({ address }));

/** The payout method; a card keeps its brand, last four and expiry only. */
export const useSavePaymentDetails = () =>
  useSave<PaymentDetailsInput, PaymentDetailsReply>(
    '/api/account/payment-details',
    ACCOUNT_KEYS.paymentDetails,
    ({ details }) => ({ details }),
  );

/** The customer's copy of their data, saved by the browser as the ZIP the server names. */
export const downloadMyData = (input: DataExportInput) => saveDownload('/api/account/data-export', input);

/** The account's deletion; resolves to the server's message (the session is over once it answers). */
export const deleteMyAccount = async (input: DeleteAccountInput) =>
  (await api.post<{ message: string }>('/api/account/delete', input)).message;
