import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutInput, CheckoutReply, OpenCheckout } from '../../../shared/orders';
import type { VerifyPaymentReply } from '../../../shared/payments';
import { api, ApiError } from '../../lib/api';
import { readDevice } from '../../lib/device-reads';
import { orderTokenHeaders, readOrderToken } from '../../lib/order-token';
import { unpaidOrder } from './unpaid-order';

/** Every cart line's device check sits under `devices`, so one invalidation checks the whole cart again. */
const CART_KEYS = {
  devices: ['cart-device'] as const,
  device: (id: string) => ['cart-device', id] as const,
  unpaid: (orderNumber: string | null) => ['cart-unpaid-order', orderNumber] as const,
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
export const cancelOrder = (orderNumber: string) =>
  api.post(`/api/checkout/${encodeURIComponent(orderNumber)}/cancel`, {
    accessToken: readOrderToken(orderNumber) ?? undefined,
  });

/**
 * The cart's unpaid order (unpaid-order.ts) while it still awaits payment and holds its stock, asked
 * with this browser's token for it; null when there is none. One the server no longer has open
 * (paid, replaced, lapsed, or not this browser's: 404 or 409) is forgotten.
 */
export function useUnpaidOrder() {
  const orderNumber = unpaidOrder.read();
  return useQuery({
    queryKey: CART_KEYS.unpaid(orderNumber),
    queryFn: async (): Promise<OpenCheckout | null> => {
      if (!orderNumber) return null;
      try {
        return await api.get<OpenCheckout>(`/api/checkout/${encodeURIComponent(orderNumber)}`, {
          headers: orderTokenHeaders(orderNumber),
          cache: 'no-store',
        });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
          unpaidOrder.forget();
          return null;
        }
        throw error;
      }
    },
    staleTime: 0,
    retry: false,
  });
}
