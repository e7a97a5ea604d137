import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressReply, PaymentDetailsReply, ProfileReply } from '../../shared/accounts';
import { api } from './api';

/**
 * What the signed-in user keeps with the store and several pages read: the profile (the account, the
 * agent's dashboard, the repair booking's prefill), the saved address (the account, the booking) and
 * the payment details (the account, the payout form on /track). One URL and one cache key each, so a
 * save on one page is what the next page finds.
 */
export const ACCOUNT_KEYS = {
  /** Everything cached of the signed-in user: a new sign-in drops it (it was someone else's). */
  all: ['account'] as const,
  profile: ['account', 'profile'] as const,
  address: ['account', 'address'] as const,
  paymentDetails: ['account', 'payment-details'] as const,
};

/** `enabled: false` while the page does not know the visitor to be signed in with the right role. */
interface ReadOptions {
  enabled?: boolean;
}

export const useProfile = ({ enabled }: ReadOptions = {}) =>
  useQuery({ queryKey: ACCOUNT_KEYS.profile, queryFn: () => api.get<ProfileReply>('/api/account/profile'), enabled });

export const useSavedAddress = ({ enabled }: ReadOptions = {}) =>
  useQuery({ queryKey: ACCOUNT_KEYS.address, queryFn: () => api.get<AddressReply>('/api/account/address'), enabled });

export const usePaymentDetails = ({ enabled }: ReadOptions = {}) =>
  useQuery({
    queryKey: ACCOUNT_KEYS.paymentDetails,
    queryFn: () => api.get<PaymentDetailsReply>('/api/account/payment-details'),
    enabled,
  });

/** After a sign-in: what was cached of whoever was signed in before is not the new user's. */
export function useForgetAccount() {
  const client = useQueryClient();
  return () => client.removeQueries({ queryKey: ACCOUNT_KEYS.all });
}
