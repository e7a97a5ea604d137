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
const LIST_KEYS = {
  orders: [...ACCOUNT_KEYS.all, 'orders'] as const,
  tradeIns: [...ACCOUNT_KEYS.all, 'trade-ins'] as const,
  repairs: [...ACCOUNT_KEYS.all, 'repairs'] as const,
};

export const useAccountOrders = () =>
  useQuery({
    queryKey: LIST_KEYS.orders,
    queryFn: async () => (await api.get<{ orders: AccountOrder[] }>('/api/account/orders')).orders,
  });

export const useAccountTradeIns = () =>
  useQuery({
    queryKey: LIST_KEYS.tradeIns,
    queryFn: async () => (await api.get<{ tradeIns: AccountTradeIn[] }>('/api/account/trade-ins')).tradeIns,
  });

export const useAccountRepairs = () =>
  useQuery({
    queryKey: LIST_KEYS.repairs,
    queryFn: async () => (await api.get<{ repairs: CustomerRepairSummary[] }>('/api/account/repairs')).repairs,
  });

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
    onSettled: () => client.invalidateQueries({ queryKey: LIST_KEYS.repairs }),
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
