import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OpenCheckout, orderAccessSchema, OrderView } from '../../../shared/orders';
import type { GuestEraseInput } from '../../../shared/personal-data';
import type { ReturnableOrder } from '../../../shared/returns';
import { api } from '../../lib/api';
import { orderTokenHeaders, takeTokenFromLink } from '../../lib/order-token';
import { loadProviderScript, openPaymentWidget } from '../../lib/payment-widget';
import { saveDownload } from '../../lib/save-download';

const orderPath = (orderNumber: string) => `/api/orders/${encodeURIComponent(orderNumber)}`;

/**
 * The confirmation page's order. The token of the link it was opened from (kept, then taken out of the
 * address bar), or the one this browser kept when it placed the order, is what opens it to its buyer.
 */
export const useOrder = (orderNumber: string) =>
  useQuery({
    queryKey: ['order', orderNumber],
    queryFn: () => {
      takeTokenFromLink(orderNumber);
      return api.get<OrderView>(orderPath(orderNumber), { headers: orderTokenHeaders(orderNumber) });
    },
    retry: false,
  });

/** A fresh link to the order, emailed to its address if `email` is the order's; the reply reads the same either way. */
export const askOrderLink = async (orderNumber: string, body: z.output<typeof orderAccessSchema>) =>
  (await api.post<{ message: string }>(`${orderPath(orderNumber)}/access`, body)).message;

/**
 * Pay now on an unpaid order's page, as the checkout pays: the order's own payment opened again in the
 * provider's widget, then verified by the server. Closing the widget leaves the order as it was: its
 * hold lapses by itself (a browser other than the placing one may not cancel it).
 */
export async function resumePayment(orderNumber: string, opener: Element): Promise<'paid' | 'closed'> {
  const { payment } = await api.get<OpenCheckout>(`/api/checkout/${encodeURIComponent(orderNumber)}`, {
    headers: orderTokenHeaders(orderNumber),
  });
  const reference = await openPaymentWidget(await loadProviderScript(payment.scriptUrl), payment, { opener });
  if (reference === null) return 'closed';
  await api.post('/api/payments/verify', { reference });
  return 'paid';
}

/** What a delivered order can still send back, and until when (the returns module's read). */
export const useReturnable = (orderNumber: string, enabled: boolean) =>
  useQuery({
    queryKey: ['returnable', orderNumber],
    enabled,
    queryFn: () =>
      api.get<ReturnableOrder>(`/api/returns/for-order/${encodeURIComponent(orderNumber)}`, {
        headers: orderTokenHeaders(orderNumber),
      }),
    retry: false,
  });

/** What the store holds about the order's guest, as a ZIP, by the emailed link's token. */
export const downloadGuestData = (orderNumber: string, token: string) =>
  saveDownload(`${orderPath(orderNumber)}/personal-data`, { token });

/** The guest's erasure, by the emailed link's token; resolves to the server's message. */
export const eraseGuestData = async (orderNumber: string, input: GuestEraseInput) =>
  (await api.post<{ message: string }>(`${orderPath(orderNumber)}/personal-data/erase`, input)).message;
