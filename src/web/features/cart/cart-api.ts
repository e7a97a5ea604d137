import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { CheckoutInput, CheckoutReply } from '../../../shared/orders';
import type { VerifyPaymentReply } from '../../../shared/payments';
import { api } from '../../lib/api';
import { readDevice } from '../../lib/device-reads';

/** Every cart line's device check sits under `devices`, so one invalidation checks the whole cart again. */
const CART_KEYS = {
  devices: ['cart-device'] as const,
  device: (id: string) => ['cart-device', id] as const,
};

/**
 * Each line's device as the store sells it now (null: gone), in the lines' order: asked of the server
 * each time, never the browser's HTTP cache.
 */
export const useCurrentDevices = (ids: string[]) =>
  useQueries({
    queries: ids.map((id) => ({
      queryKey: CART_KEYS.device(id),
      queryFn: () => readDevice(id, { cache: 'no-store' }),
      staleTime: 0,
    })),
  });

/** After a refusal (sold out, gone): every line is checked again. */
export function useRecheckCart() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: CART_KEYS.devices });
}

/** The server prices the cart, holds the stock and answers with the payment's parameters. */
export const placeOrder = (input: CheckoutInput) => api.post<CheckoutReply>('/api/checkout', input);

export const verifyPayment = (reference: string) => api.post<VerifyPaymentReply>('/api/payments/verify', { reference });

/** The payment was closed or never opened: the held stock goes back. */
export const cancelOrder = (orderNumber: string, accessToken: string) =>
  api.post(`/api/checkout/${encodeURIComponent(orderNumber)}/cancel`, { accessToken });
